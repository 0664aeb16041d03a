/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiRequest, configureApi, serverMessage, setCsrfToken } from '../src/api';

interface Seen {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('apiRequest against a real HTTP server', () => {
  let server: http.Server;
  let seen: Seen;
  let reply: { status: number; body: string; statusText?: string };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.statusMessage = reply.statusText ?? 'OK';
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('GETs and parses JSON without sending a body', async () => {
    reply = { status: 200, body: '[{"id":1}]' };
    await expect(apiRequest('/api/articles?approved=true')).resolves.toEqual([{ id: 1 }]);
    expect(seen).toMatchObject({ method: 'GET', url: '/api/articles?approved=true', body: '' });
    expect(seen.headers['content-type']).toBeUndefined();
  });

  it('sends a JSON body when there is one', async () => {
    reply = { status: 201, body: '{"ok":true}' };
    await apiRequest('/api/contact', { method: 'POST', body: { name: 'Ada' } });
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ name: 'Ada' });
  });

  it('turns a non-OK answer into "<status>: <body>"', async () => {
    reply = { status: 400, body: '{"error":"Bad Request","message":"Validation failed"}' };
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"error":"Bad Request","message":"Validation failed"}');
    expect(serverMessage(error, 'fallback')).toBe('Validation failed');
  });

  it('uses the status text when the body is empty', async () => {
    reply = { status: 503, body: '', statusText: 'Service Unavailable' };
    await expect(apiRequest('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('answers null on 401 only when asked to', async () => {
    reply = { status: 401, body: '{"message":"no session"}' };
    await expect(apiRequest('/api/admin/check', { on401: 'returnNull' })).resolves.toBeNull();
    await expect(apiRequest('/api/admin/check')).rejects.toThrow('401: {"message":"no session"}');
  });

  it('sends the CSRF token on changes only, once one is set', async () => {
    reply = { status: 200, body: '{}' };
    setCsrfToken('token-123');
    try {
      await apiRequest('/api/admin/articles');
      expect(seen.headers['x-csrf-token']).toBeUndefined();
      await apiRequest('/api/admin/approve-blog', { method: 'POST', body: { blogId: 1 } });
      expect(seen.headers['x-csrf-token']).toBe('token-123');
    } finally {
      setCsrfToken(null);
    }
  });

  it('reads the fields in the order asked: strings, string lists and field-error lists', () => {
    const fail = (body: unknown) => new ApiError(500, JSON.stringify(body), 'Internal Server Error');
    expect(serverMessage(fail({ details: 'no content' }), 'fallback', ['details', 'error'])).toBe('no content');
    expect(serverMessage(fail({ error: 'Boom', details: ['a', 'b'] }), 'fallback', ['details', 'error'])).toBe('a; b');
    expect(serverMessage(fail({ error: 'Boom', details: [{ message: 'x' }, { path: 'y' }] }), 'fallback', ['error', 'details'])).toBe('Boom');
    expect(serverMessage(fail({ message: 'only a message' }), 'fallback', ['details', 'error'])).toBe('fallback');
    expect(serverMessage(fail({ details: '  ' }), 'fallback', ['details'])).toBe('fallback');
    expect(serverMessage(fail('a bare string'), 'fallback')).toBe('fallback');
  });

  it('falls back when an error body is not JSON', () => {
    expect(serverMessage(new ApiError(500, '<html>', 'Internal Server Error'), 'Login failed')).toBe('Login failed');
    expect(serverMessage(new Error('network'), 'Login failed')).toBe('Login failed');
  });
});
