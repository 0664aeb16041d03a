import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { api } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig } from './support/test-config.js';

describe("the admin panel's live events", () => {
  let app: NestFastifyApplication;
  let admin: SignedInAdmin;
  let url: string;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL: `${process.env.REDIS_URL}/2` }));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    admin = await signInAdmin(app);
  });
  afterAll(() => app?.close());

  /** Reads the stream until `wanted` shows up in it. */
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, wanted: string, timeoutMs = 10_000): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + timeoutMs;
    while (!text.includes(wanted)) {
      if (Date.now() > deadline) throw new Error(`No '${wanted}' in: ${text}`);
      const { value, done } = await reader.read();
      if (done) throw new Error(`The stream ended before '${wanted}': ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  }

  it('refuses a caller without a session', async () => {
    const response = await fetch(`${url}${api.admin.liveEvents.path}`);
    expect(response.status).toBe(401);
  });

  it('streams an event when an article changes in any process, uncompressed, and ends the stream on shutdown', async () => {
    const response = await fetch(`${url}${api.admin.liveEvents.path}`, { headers: { cookie: admin.cookie, 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    await readUntil(reader, 'retry: 5000');
    // Written by SQL, as a worker's write would be: the database's notification is what the stream follows.
    await createArticle(app.get(EntityManager), { approved: false });
    expect(await readUntil(reader, 'event: changed')).toContain('data: {}');

    // The stream is still open: closing the app must end it rather than wait for it.
    const closing = app.close();
    await expect(readUntil(reader, 'never')).rejects.toThrow('The stream ended');
    await closing;
    app = undefined as unknown as NestFastifyApplication;
  });
});
