import { BadRequestException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { ValidationFailedException } from './zod-validation.pipe.js';

function fakeHost() {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const request = { id: 'req-7', method: 'GET', url: '/api/x' };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
  return { host, sent };
}

describe('HttpExceptionFilter', () => {
  const filter = new HttpExceptionFilter();

  it('answers an unexpected error with a sanitized 500 carrying only the request id', () => {
    const { host, sent } = fakeHost();
    filter.catch(new Error('password=hunter2 at db.internal:5432'), host);
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.', requestId: 'req-7' });
    expect(JSON.stringify(sent.body)).not.toContain('hunter2');
  });

  it('keeps field details of validation errors', () => {
    const { host, sent } = fakeHost();
    filter.catch(new ValidationFailedException([{ path: 'email', message: 'Invalid email' }]), host);
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      error: 'Bad Request',
      message: 'Validation failed: email Invalid email',
      details: [{ path: 'email', message: 'Invalid email' }],
    });
  });

  it('gives plain HTTP errors the { error, message } shape', () => {
    const { host, sent } = fakeHost();
    filter.catch(new NotFoundException('Cannot GET /api/nothing'), host);
    expect(sent).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'Cannot GET /api/nothing' } });
    filter.catch(new BadRequestException({ error: 'Bad Request', message: ['a', 'b'] }), host);
    expect(sent.body).toEqual({ error: 'Bad Request', message: 'a; b' });
  });

  it('passes on the status of a framework client error such as a body too large', () => {
    const { host, sent } = fakeHost();
    filter.catch(Object.assign(new Error('Request body is too large'), { statusCode: 413 }), host);
    expect(sent).toMatchObject({ status: 413, body: { error: 'Payload Too Large', message: 'Request body is too large' } });
  });

  it('answers a lost database connection with 503, a clear message and Retry-After', () => {
    const { host, sent } = fakeHost();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    filter.catch(new Error('wrapped by the ORM', { cause: refused }), host);
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect(sent.body).toEqual({ error: 'Service Unavailable', message: expect.stringContaining('database is unavailable'), requestId: 'req-7' });
    filter.catch(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), host);
    expect(sent.status).toBe(503);
  });

  it('answers Redis being unreachable with 503 naming Redis', () => {
    const { host, sent } = fakeHost();
    filter.catch(Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }), host);
    expect(sent.status).toBe(503);
    expect(sent.body).toMatchObject({ error: 'Service Unavailable', message: expect.stringContaining('(Redis) is unavailable') });
    filter.catch(new Error("Stream isn't writeable and enableOfflineQueue options is false"), host);
    expect(sent.status).toBe(503);
  });

  it('keeps a failed call to a third party (the LLM) a 500: the network code is not a datastore outage', () => {
    const { host, sent } = fakeHost();
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:11434'), { code: 'ECONNREFUSED' });
    filter.catch(new TypeError('fetch failed', { cause: refused }), host);
    expect(sent.status).toBe(500);
  });
});
