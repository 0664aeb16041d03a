import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import net from 'node:net';
import { createApiApp } from '../../src/app/create-api-app.js';
import { testConfig, uniqueSuffix } from '../support/test-config.js';
import { attackTally } from './attack-tally.js';

const tally = attackTally('slow-body');
const REQUEST_TIMEOUT_MS = 1000;

/** Sends the head of a POST, then its body one byte every `everyMs`; resolves with what came back and when the socket closed. */
function trickle(port: number, body: string, everyMs: number): Promise<{ answer: string; closedAfterMs: number; bytesSent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    socket.on('connect', () => {
      socket.write(
        `POST /api/contact HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
    });
    const timer = setInterval(() => {
      if (sent < body.length && socket.writable) socket.write(body[sent++]!);
    }, everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started, bytesSent: sent });
    });
  });
}

describe('a request body has a time limit (REQUEST_TIMEOUT_MS)', () => {
  let app: NestFastifyApplication;
  let port: number;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('cuts a body trickled one byte at a time, and stores nothing of it', async () => {
    const marker = `slow-${uniqueSuffix()}`;
    const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', subject: marker, message: 'x'.repeat(40) });
    // At 100 ms a byte the whole body would take over 10 s.
    const { answer, closedAfterMs, bytesSent } = await trickle(port, body, 100);
    expect(tally.attempt(closedAfterMs < REQUEST_TIMEOUT_MS + 2000 && bytesSent < body.length)).toBe(true);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const stored = await app.get(EntityManager).getConnection().execute('select 1 from contact_submission where subject = ?', [marker]);
    expect(stored).toEqual([]);
  });

  it('still takes a request sent at an ordinary pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quick', email: 'quick@example.com', subject: 'Hi', message: 'Hello there' }),
    });
    expect(response.status).toBe(201);
  });
});
