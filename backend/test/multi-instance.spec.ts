import { MikroORM } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startRedis } from '../../scripts/lib/services.mjs';
import { createOrmConfig } from '../src/app/orm-config.js';
import { ArticleBackup } from '../src/modules/recovery/index.js';
import { Comment } from '../src/modules/comments/index.js';
import { CONTACT_LIMIT } from '../src/modules/contact/contact.controller.js';
import { COMMENT_LIMIT } from '../src/modules/comments/comments.controller.js';
import { JOB_QUEUE, type JobPayload } from '../src/queue/job-types.js';
import { createArticle } from './support/article-factory.js';
import { runCli, startApiProcess, type ApiProcess } from './support/api-process.js';
import { createOwnDatabase } from './support/own-database.js';
import { uniqueSuffix } from './support/test-config.js';
import { startWorkerProcess, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';

/**
 * A small cluster on this machine, as infra/ deploys it: two API processes and two worker processes
 * (the built entry points, in production mode) sharing one PostgreSQL database and one Redis database.
 * Each describe block below is one cluster-wide guarantee; cases that need the cluster (for example
 * scheduled jobs running once per interval) get a describe block of their own here.
 */

/** Queues, sessions, limits and caches of their own: Redis database 14 is this file's alone. */
const REDIS_URL = suiteRedisUrl('multi-instance');
const LOGIN_MAX_FAILURES = 3;
const ADMIN_PASSWORD = 'a-long-cluster-password';
/** The container health check of the api and worker images (infra/Dockerfile). */
const HEALTHCHECK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../infra/docker/healthcheck.mjs');
/** Each model call takes this long, so the calls of both workers overlap. */
const LLM_DELAY_MS = 250;
/** The ai queue runs this many jobs at once per worker process (AiProcessor). */
const AI_CONCURRENCY_PER_WORKER = 2;

/** An OpenAI-compatible endpoint that answers slowly and counts calls, and how many ran at once. */
async function startCountingLlm() {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const number = ++stats.calls;
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      setTimeout(() => {
        stats.inFlight -= 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-cluster',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'test-model',
            choices: [{ index: 0, message: { role: 'assistant', content: `Reply number ${number}, written once.` }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
      }, LLM_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    stats,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A client address of its own (the APIs run in production mode and trust X-Forwarded-For, as behind the proxy). */
let lastOctet = 10;
const newClientIp = () => `198.51.100.${lastOctet++}`;

interface CallOptions {
  method?: string;
  ip?: string;
  cookie?: string;
  csrf?: string;
  body?: unknown;
}
async function call(api: ApiProcess, url: string, { method = 'GET', ip, cookie, csrf, body }: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (ip) headers['x-forwarded-for'] = ip;
  if (cookie) headers.cookie = cookie;
  if (csrf) headers['x-csrf-token'] = csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${api.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: () => JSON.parse(text) as Record<string, unknown> & unknown[], text };
}

async function signIn(api: ApiProcess, username: string, ip = newClientIp(), password = ADMIN_PASSWORD) {
  const response = await call(api, '/api/admin/login', { method: 'POST', ip, body: { username, password } });
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${response.text}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ai_mind_admin='))!
    .split(';')[0]!;
  return { cookie, csrf: response.json().csrfToken as string };
}

describe('two API and two worker processes on one PostgreSQL and one Redis', () => {
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let orm: MikroORM;
  let redis: Redis;
  let llm: Awaited<ReturnType<typeof startCountingLlm>>;
  let apis: ApiProcess[] = [];
  let workers: ChildProcess[] = [];
  let env: Record<string, string>;
  const queues: Queue[] = [];
  const admin = `cluster-editor-${uniqueSuffix()}`;

  beforeAll(async () => {
    [database, llm] = await Promise.all([createOwnDatabase(), startCountingLlm()]);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.flushdb();
    orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
    env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cluster.example',
      DATABASE_URL: database.url,
      REDIS_URL,
      SERVE_WEB: 'false',
      MEDIA_DIR: path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), `cluster-media-${uniqueSuffix()}`),
      // Plain HTTP here; behind TLS in production the cookie is Secure (the default there).
      COOKIE_SECURE: 'false',
      LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
      AI_BASE_URL: llm.baseUrl,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '10000',
      JOB_WAIT_TIMEOUT_MS: '20000',
      BACKUP_DIR: path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), `cluster-backups-${uniqueSuffix()}`),
      // No scheduled work in the background of these cases.
      BACKUP_CRON: '',
      TRENDING_REFRESH_MINUTES: '0',
    };
    runCli(['create-admin', admin, '--role', 'owner'], { ...env, ADMIN_PASSWORD });
    workers = [startWorkerProcess(env), startWorkerProcess(env)];
    const started = await Promise.allSettled([startApiProcess(env), startApiProcess(env)]);
    apis = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    // Both workers have reported in (the API's health check counts their heartbeats in Redis).
    await until(
      'both worker processes',
      async () => ((await call(apis[0]!, '/api/health')).json() as unknown as { checks: { worker: { workers: number } } }).checks.worker.workers,
      (count) => count === 2,
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...apis.map((api) => stopProcess(api.child)), ...workers.map(stopProcess)]);
    await Promise.all(queues.map((queue) => queue.close()));
    await redis?.quit();
    await orm?.close(true);
    await llm?.close();
    await database?.drop();
  }, 30_000);

  describe('sessions, rate limits and login lockouts are shared', () => {
    it('a session made through one API instance is valid on the other, and ends on both', async () => {
      const [a, b] = apis as [ApiProcess, ApiProcess];
      const session = await signIn(a, admin);

      const check = await call(b, '/api/admin/check', { cookie: session.cookie });
      expect(check.json()).toMatchObject({ authenticated: true, username: admin, csrfToken: session.csrf, account: { username: admin, role: 'owner' } });
      // A change made on the other instance with the same session and CSRF token.
      expect((await call(b, '/api/admin/refresh-data', { method: 'POST', cookie: session.cookie, csrf: session.csrf })).status).toBe(200);

      expect((await call(b, '/api/admin/logout', { method: 'POST', cookie: session.cookie })).status).toBe(204);
      expect((await call(a, '/api/admin/check', { cookie: session.cookie })).json()).toEqual({ authenticated: false });
      expect((await call(a, '/api/admin/articles', { cookie: session.cookie })).status).toBe(401);
    });

    it("a role change, disabling or a new password made through one instance ends that person's sessions on both at once", async () => {
      const [a, b] = apis as [ApiProcess, ApiProcess];
      const username = `cluster-writer-${uniqueSuffix()}`;
      runCli(['create-admin', username, '--role', 'writer'], { ...env, ADMIN_PASSWORD });
      const owner = await signIn(a, admin);
      const sessions = [await signIn(a, username), await signIn(b, username)];
      expect((await call(b, '/api/admin/check', { cookie: sessions[0]!.cookie })).json()).toMatchObject({ authenticated: true, account: { role: 'writer' } });
      const allEnded = async () => {
        const statuses = [];
        for (const api of [a, b]) for (const session of sessions) statuses.push((await call(api, '/api/admin/articles', { cookie: session.cookie })).status);
        return statuses;
      };
      expect(await allEnded()).toEqual([200, 200, 200, 200]);

      const people = (await call(a, '/api/admin/people', { cookie: owner.cookie })).json() as unknown as { id: number; username: string }[];
      const id = people.find((person) => person.username === username)!.id;
      expect((await call(a, `/api/admin/people/${id}/role`, { method: 'POST', cookie: owner.cookie, csrf: owner.csrf, body: { role: 'editor' } })).status).toBe(
        200,
      );
      // The very next call on either instance, no waiting: the end is a fact in Redis.
      expect(await allEnded()).toEqual([401, 401, 401, 401]);

      sessions.splice(0, 2, await signIn(b, username));
      expect((await call(a, '/api/admin/check', { cookie: sessions[0]!.cookie })).json()).toMatchObject({ account: { role: 'editor' } });
      expect(
        (await call(b, `/api/admin/people/${id}/status`, { method: 'POST', cookie: owner.cookie, csrf: owner.csrf, body: { status: 'disabled' } })).status,
      ).toBe(200);
      expect((await call(a, '/api/admin/articles', { cookie: sessions[0]!.cookie })).status).toBe(401);
      const refused = await call(a, '/api/admin/login', { method: 'POST', ip: newClientIp(), body: { username, password: ADMIN_PASSWORD } });
      // Answered as a wrong password: no answer tells a guesser that a disabled account's password is right.
      expect([refused.status, refused.json().message]).toEqual([401, 'Invalid username or password']);

      expect(
        (await call(a, `/api/admin/people/${id}/status`, { method: 'POST', cookie: owner.cookie, csrf: owner.csrf, body: { status: 'active' } })).status,
      ).toBe(200);
      sessions.splice(0, 1, await signIn(a, username));
      // An operator sets a new password with the CLI, a process of its own: the session ends on both.
      runCli(['create-admin', username], { ...env, ADMIN_PASSWORD: 'another-long-cluster-password' });
      expect((await call(b, '/api/admin/check', { cookie: sessions[0]!.cookie })).json()).toEqual({ authenticated: false });
      expect((await call(a, '/api/admin/login', { method: 'POST', ip: newClientIp(), body: { username, password: ADMIN_PASSWORD } })).status).toBe(401);
      await signIn(b, username, newClientIp(), 'another-long-cluster-password');
      // Two CLI runs (a process each) and a dozen sign-ins (argon2id each).
    }, 120_000);

    it('a client over the contact limit is refused by every instance', async () => {
      const ip = newClientIp();
      const statuses: number[] = [];
      for (let i = 0; i <= CONTACT_LIMIT.perWindow; i++) {
        const response = await call(apis[i % 2]!, '/api/contact', {
          method: 'POST',
          ip,
          body: { name: 'Ada', email: 'ada@example.com', subject: `Question ${i}`, message: 'Do the replicas talk to each other?' },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, CONTACT_LIMIT.perWindow).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // The instance that has not refused this client yet refuses it too.
      const other = apis[CONTACT_LIMIT.perWindow % 2 === 0 ? 1 : 0]!;
      expect(
        (await call(other, '/api/contact', { method: 'POST', ip, body: { name: 'Ada', email: 'ada@example.com', subject: 'Again', message: 'Still there?' } }))
          .status,
      ).toBe(429);
      // Another client is not affected.
      expect(
        (
          await call(other, '/api/contact', {
            method: 'POST',
            ip: newClientIp(),
            body: { name: 'Bob', email: 'bob@example.com', subject: 'Hi', message: 'Hello' },
          })
        ).status,
      ).toBe(201);
    });

    it('failed sign-ins spread over both instances lock the client out on both, never the username', async () => {
      const username = `locked-${uniqueSuffix()}`;
      runCli(['create-admin', username, '--role', 'owner'], { ...env, ADMIN_PASSWORD });
      const ip = newClientIp();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        // The same client on alternate instances: the shared count in Redis is what locks it.
        const response = await call(apis[i % 2]!, '/api/admin/login', { method: 'POST', ip, body: { username, password: 'wrong-password-123' } });
        expect(response.status).toBe(401);
      }
      for (const api of apis) {
        const response = await call(api, '/api/admin/login', { method: 'POST', ip, body: { username, password: ADMIN_PASSWORD } });
        expect(response.status).toBe(429);
        expect(response.json().message).toMatch(/Too many failed sign-in attempts/);
      }
      // The editor, from an address that has not been failing, signs in.
      expect((await call(apis[0]!, '/api/admin/login', { method: 'POST', ip: newClientIp(), body: { username, password: ADMIN_PASSWORD } })).status).toBe(200);
    });
  });

  describe('every queued job is processed exactly once across the workers', () => {
    it('comment replies: one model call and one reply per comment, with both workers taking jobs', async () => {
      const article = await createArticle(orm.em, { title: 'Replicas and the people who count them' });
      const comments = 4 * COMMENT_LIMIT.perWindow;
      llm.stats.calls = 0;
      llm.stats.maxInFlight = 0;
      const posted = await Promise.all(
        Array.from({ length: comments }, (_, i) =>
          call(apis[i % 2]!, `/api/articles/${article.id}/comments`, {
            method: 'POST',
            // The comment limit is per client: every fifth comment comes from another reader.
            ip: `203.0.113.${Math.floor(i / COMMENT_LIMIT.perWindow) + 1}`,
            body: { authorName: `Reader ${i}`, content: `Comment ${i}: does every replica see the same queue?` },
          }),
        ),
      );
      expect(posted.map((response) => response.status)).toEqual(Array(comments).fill(201));

      const em = orm.em.fork();
      const replied = await until(
        'every AI reply',
        () => em.count(Comment, { articleId: article.id, aiResponse: { $ne: null } }),
        (count) => count === comments,
        30_000,
      );
      expect(replied).toBe(comments);
      // Give a duplicate delivery the chance to show itself before counting the model calls.
      await new Promise((resolve) => setTimeout(resolve, 2 * LLM_DELAY_MS));
      expect(llm.stats.calls).toBe(comments);
      const replies = await em.fork().find(Comment, { articleId: article.id });
      expect(new Set(replies.map((comment) => comment.aiResponse)).size).toBe(comments);
      // One worker runs at most two ai jobs at once; more at once means both workers were taking them.
      expect(llm.stats.maxInFlight).toBeGreaterThan(AI_CONCURRENCY_PER_WORKER);
    }, 45_000);

    it('backup snapshots: one row per queued job, none lost and none doubled', async () => {
      const queue = new Queue(JOB_QUEUE['backup-snapshot'], { connection: { url: REDIS_URL } });
      queues.push(queue);
      const run = uniqueSuffix();
      const jobs = 20;
      await queue.addBulk(
        Array.from({ length: jobs }, (_, i) => ({ name: 'backup-snapshot', data: { reason: `cluster-${run}-${i}` } satisfies JobPayload<'backup-snapshot'> })),
      );

      const em = orm.em.fork();
      await until(
        'every snapshot',
        () => em.count(ArticleBackup, { reason: { $like: `cluster-${run}-%` } }),
        (count) => count >= jobs,
        30_000,
      );
      await until(
        'the recovery queue to drain',
        () => queue.getJobCounts('waiting', 'active', 'delayed'),
        (counts) => counts.waiting + counts.active + counts.delayed === 0,
      );
      const rows = await em
        .getConnection()
        .execute<{ reason: string; n: number }[]>(`select reason, count(*)::int as n from article_backup where reason like ? group by reason`, [
          `cluster-${run}-%`,
        ]);
      expect(rows).toHaveLength(jobs);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
    }, 45_000);
  });

  describe('caches are shared', () => {
    it('an admin edit on one instance is what the other instance serves next, at once', async () => {
      const [a, b] = apis as [ApiProcess, ApiProcess];
      const category = `Cluster ${uniqueSuffix()}`;
      const article = await createArticle(orm.em, { title: 'Before the edit', category });
      const listUrl = `/api/articles?approved=true&category=${encodeURIComponent(category)}`;
      const titles = async (api: ApiProcess) => ((await call(api, listUrl)).json() as unknown as { title: string }[]).map((item) => item.title);

      expect(await titles(b)).toEqual(['Before the edit']);
      // A change behind the API's back reaches both instances once PostgreSQL announces it...
      await orm.em.getConnection().execute('update article set title = ? where id = ?', ['Changed behind its back', article.id]);
      for (const api of [a, b]) {
        const deadline = Date.now() + 5_000;
        while ((await titles(api))[0] !== 'Changed behind its back' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await titles(api)).toEqual(['Changed behind its back']);
      }

      // ...and an edit through one instance is what the other serves on the very next request.
      const session = await signIn(a, admin);
      const edit = await call(a, `/api/admin/blogs/${article.id}`, {
        method: 'PUT',
        cookie: session.cookie,
        csrf: session.csrf,
        body: { title: 'After the edit', content: '<p>Edited on instance A.</p>' },
      });
      expect(edit.status).toBe(200);
      expect(await titles(b)).toEqual(['After the edit']);
      expect(await titles(a)).toEqual(['After the edit']);
    });
  });

  describe('the container health checks of infra/ see this cluster', () => {
    const check = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [HEALTHCHECK, ...args], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 15_000 }).status;

    it('the API check passes against a running API', () => {
      expect(check(['api'], { PORT: new URL(apis[0]!.url).port })).toBe(0);
    });

    it("the worker check finds this host's worker heartbeats, and fails where there are none", async () => {
      expect(check(['worker'], { REDIS_URL })).toBe(0);
      expect(check(['worker', '--ready'], { REDIS_URL })).toBe(0);
      // A Redis of its own, which no worker has ever written to: no heartbeat there.
      const empty = await startRedis({ port: await freePort() });
      try {
        expect(check(['worker'], { REDIS_URL: empty.url })).toBe(1);
      } finally {
        await empty.stop();
      }
    });

    it('an unreachable Redis fails readiness but not liveness (restarts would not bring Redis back)', () => {
      expect(check(['worker', '--ready'], { REDIS_URL: 'redis://127.0.0.1:1' })).toBe(1);
      expect(check(['worker'], { REDIS_URL: 'redis://127.0.0.1:1' })).toBe(0);
    });
  });
});
