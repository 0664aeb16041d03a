import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { api } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { PeopleService } from '../src/modules/people/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

describe("the admin panel's live events", () => {
  let app: NestFastifyApplication;
  let admin: SignedInAdmin;
  let url: string;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('admin-events') }));
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

  /** Whether the stream ends within `ms` (reading what comes meanwhile), and then stops reading it. */
  async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const end = (async () => {
      while (!(await reader.read()).done);
      return true as const;
    })();
    const ended = await Promise.race([end, timeout]);
    clearTimeout(timer);
    if (!ended) await reader.cancel();
    return ended;
  }

  describe('ends with the account’s sessions, whichever API process ends them', () => {
    let other: NestFastifyApplication;
    beforeAll(async () => {
      // A second API process on the same Redis: the change is made there, the stream is open here.
      other = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('admin-events') }));
    });
    afterAll(() => other.close());

    const changes: [string, (people: PeopleService, id: number, editor: SignedInAdmin) => Promise<unknown>][] = [
      ['disabling it', (people, id) => people.changeStatus(id, 'disabled')],
      ['changing its role', (people, id) => people.changeRole(id, 'writer')],
      ['resetting its password', (people, id) => people.resetPassword(id, 'a test')],
      ['signing out', (_people, _id, editor) => other.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: editor.cookie } })],
    ];
    it.each(changes)('closes an open stream on %s', async (_change, change) => {
      const editor = await signInAdmin(app, 'an-editors-password', 'editor');
      const response = await fetch(`${url}${api.admin.liveEvents.path}`, { headers: { cookie: editor.cookie } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await readUntil(reader, 'retry: 5000');
      const people = other.get(PeopleService);
      const { id } = (await people.list()).find((person) => person.username === editor.username)!;
      await change(people, id, editor);
      // The server closes it within a second (a check every half second); the margin is for a busy machine.
      expect(await endsWithin(reader, 5_000)).toBe(true);
    });

    it('keeps the stream of another account open', async () => {
      const response = await fetch(`${url}${api.admin.liveEvents.path}`, { headers: { cookie: admin.cookie } });
      const reader = response.body!.getReader();
      await readUntil(reader, 'retry: 5000');
      const editor = await signInAdmin(app, 'an-editors-password', 'editor');
      const people = other.get(PeopleService);
      await people.changeStatus((await people.list()).find((person) => person.username === editor.username)!.id, 'disabled');
      expect(await endsWithin(reader, 2_000)).toBe(false);
    });
  });

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
