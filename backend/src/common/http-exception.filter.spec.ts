import { BadRequestException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { ValidationFailedException } from './zod-validation.pipe.js';

function fakeHost() {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header() {
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
    expect(sent).toEqual({ status: 404, body: { error: 'Not Found', message: 'Cannot GET /api/nothing' } });
    filter.catch(new BadRequestException({ error: 'Bad Request', message: ['a', 'b'] }), host);
    expect(sent.body).toEqual({ error: 'Bad Request', message: 'a; b' });
  });

  it('passes on the status of a framework client error such as a body too large', () => {
    const { host, sent } = fakeHost();
    filter.catch(Object.assign(new Error('Request body is too large'), { statusCode: 413 }), host);
    expect(sent).toEqual({ status: 413, body: { error: 'Payload Too Large', message: 'Request body is too large' } });
  });
});
