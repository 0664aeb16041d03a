import { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startPostgres, startRedis } from '../../../scripts/lib/services.mjs';
import { createOrmConfig } from '../../src/app/orm-config.js';
import { runCli } from '../support/api-process.js';
import { uniqueSuffix } from '../support/test-config.js';

/**
 * What the fault suites share: datastores of their own that they may kill and restart (never the
 * run's shared PostgreSQL and Redis), the production environment of the API and worker processes,
 * and an HTTP client that records what each call answered and how long it took.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until `done` holds; returns the last value (the caller asserts on it). */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

/** A temporary folder the OS user `postgres` can traverse (embedded PostgreSQL runs as that user under root). */
export function faultDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ai-mind-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** True when nothing accepts connections on the port. */
export function portClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A redis-server of the suite's own; with `aof` it keeps an append-only file, so data survives a restart. */
export async function startOwnRedis(options: { aof: boolean }) {
  const port = await freePort();
  const dataDir = options.aof ? path.join(faultDataDir('redis'), 'data') : undefined;
  let server = await startRedis({ port, dataDir });
  return {
    url: server.url,
    /** SIGKILL: no shutdown save, only what the append-only file already holds survives. */
    kill: async () => {
      process.kill(server.pid!, 'SIGKILL');
      await until(
        () => portClosed(port),
        (closed) => closed,
        5_000,
        20,
      );
    },
    start: async () => {
      server = await startRedis({ port, dataDir });
    },
    stop: () => server.stop(),
  };
}

/** An embedded PostgreSQL cluster of the suite's own, migrated, that it may stop and start again. */
export async function startOwnPostgres() {
  const dataDir = path.join(faultDataDir('postgres'), 'data');
  const port = await freePort();
  const start = () => startPostgres({ dataDir, port, database: 'ai_mind_faults', ownSignals: true });
  let server = await start();
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: server.url, poolMax: 2 }));
  await orm.migrator.up();
  return {
    url: server.url,
    orm,
    sql: <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params),
    stop: () => server.stop(),
    start: async () => {
      server = await start();
    },
    close: async () => {
      await orm.close(true);
      await server.stop();
    },
  };
}

/** A migrated database of the suite's own on the run's shared PostgreSQL (for suites that do not stop PostgreSQL). */
export async function ownDatabaseOrm(url: string) {
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl: url, poolMax: 2 }));
  return {
    orm,
    sql: <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params),
  };
}

export const ADMIN = { username: 'faults-admin', password: 'a-long-faults-password' };

/** The API and worker processes as production runs them, on the suite's own datastores and folders. */
export function productionEnv(databaseUrl: string, redisUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const dir = faultDataDir('files');
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://faults.example',
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'error',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SERVE_WEB: 'false',
    MEDIA_DIR: path.join(dir, 'media'),
    BACKUP_DIR: path.join(dir, 'backups'),
    TRENDING_REFRESH_MINUTES: '0',
    SOURCE_WATCH_INTERVAL_MINUTES: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // A killed worker's job goes to another worker within about 3 s; stored work without a job is queued within 1 s.
    QUEUE_LOCK_DURATION_MS: '2000',
    QUEUE_STALLED_INTERVAL_MS: '1000',
    QUEUE_SWEEP_INTERVAL_MS: '1000',
    ...extra,
  };
}

export interface Answer {
  status: number;
  ms: number;
  body: unknown;
  headers: Headers;
  /** Set when no HTTP answer came (connection refused, reset or the client's own timeout). */
  error?: string;
}

/** One HTTP call, never throwing: what came back and how long it took (status 0 when nothing did). */
export async function call(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, ms: performance.now() - started, body, headers: response.headers };
  } catch (error) {
    return {
      status: 0,
      ms: performance.now() - started,
      body: null,
      headers: new Headers(),
      error: error instanceof Error ? `${error.name}: ${error.message} ${String(error.cause ?? '')}` : String(error),
    };
  }
}

/** A JSON POST as a browser at `clientIp` (behind the trusted proxy) sends it. */
export function postJson(url: string, payload: unknown, clientIp: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp, ...headers }, body: JSON.stringify(payload) });
}

/** Waits until the API's health check counts `count` live workers (their heartbeats), so a fault hits a running worker. */
export async function waitForWorkers(apiUrl: string, count: number): Promise<void> {
  const workers = async () =>
    ((await call(`${apiUrl}/api/health`)).body as { checks?: { worker?: { workers?: number } } } | null)?.checks?.worker?.workers ?? 0;
  const seen = await until(workers, (n) => n === count, 45_000, 200);
  if (seen !== count) throw new Error(`Expected ${count} live worker(s), the health check counts ${seen}`);
}

/** Creates the suite's admin as an operator does (`cli create-admin`, the password from ADMIN_PASSWORD). */
export function createAdmin(env: Record<string, string>): void {
  runCli(['create-admin', ADMIN.username, '--role', 'owner'], env);
}

/** Signs in through the real login route; returns the headers of an admin call that changes something. */
export async function signIn(apiUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${apiUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ai_mind_admin='))!
    .split(';')[0]!;
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, 'x-csrf-token': csrfToken };
}

/** A distinct client address per call, so per-client rate limits never decide a load test's outcome. */
export function clientIps() {
  let n = 0;
  const run = uniqueSuffix().charCodeAt(0) % 200;
  return () => {
    n++;
    return `10.${run}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  };
}

/** Inserts a published article straight into the database; returns its id and slug. */
export async function insertArticle(sql: <T>(query: string, params?: unknown[]) => Promise<T[]>, title: string): Promise<{ id: number; slug: string }> {
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${uniqueSuffix()}`;
  const [row] = await sql<{ id: number }>(
    `insert into article (title, slug, content, category, approved, image_url, created_at, updated_at)
     values (?, ?, '<p>What happened, and why it matters.</p>', 'Technology', true, '/media/covers/x.svg', now(), now()) returning id`,
    [title, slug],
  );
  return { id: row!.id, slug };
}
