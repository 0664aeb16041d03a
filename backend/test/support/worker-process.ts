import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { WORKER_HEARTBEAT_PREFIX } from '../../src/modules/health/worker-heartbeat.js';
import { until } from './until.js';

/** The three processes as production runs them: bundled by the build (backend/bundle.mjs). */
export const BUNDLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/bundle');
const WORKER_ENTRY = path.join(BUNDLE_DIR, 'main.worker.js');

/**
 * Every worker and API process this test file started and has not seen exit. A test that fails before
 * stopping its worker would otherwise leave it running after the run's PostgreSQL and Redis are gone,
 * retrying forever with the run's output pipe open, and the run would never end: the integration tier
 * kills what is left after each file (test/support/end-processes.ts).
 */
const running = new Set<ChildProcess>();

/** Kills `child` once its test file has finished, unless it has exited first (workers and API processes alike). */
export function endsWithTheTests<Child extends ChildProcess>(child: Child): Child {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** SIGKILL to every process a test of this file started and did not stop; the number killed. */
export function killLeftoverProcesses(): number {
  const left = [...running];
  for (const child of left) child.kill('SIGKILL');
  running.clear();
  return left.length;
}

/**
 * The built worker, as production runs it: its own process, no HTTP, consuming from Redis. The
 * scheduled trending refresh is off unless a test asks for it: it rewrites the whole topic list.
 */
export function startWorkerProcess(env: Record<string, string | undefined> = {}): ChildProcess {
  return endsWithTheTests(
    spawn(process.execPath, [WORKER_ENTRY], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        TRENDING_REFRESH_MINUTES: '0',
        // No source watch at start (it would read every published source): a test that wants it sets it.
        SOURCE_WATCH_INTERVAL_MINUTES: '0',
        // Never the repository's .data folder: each worker keeps media and backups in the run's temporary folder.
        MEDIA_DIR: path.join(process.env.TEST_DATA_DIR!, `worker-media-${randomUUID()}`),
        BACKUP_DIR: path.join(process.env.TEST_DATA_DIR!, `worker-backups-${randomUUID()}`),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
}

/** SIGTERM, then the exit code once the worker has finished its current jobs. */
export async function stopProcess(child: ChildProcess): Promise<number | null> {
  // Already gone (exited, or killed by a signal such as SIGKILL): no 'exit' event will come again.
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/**
 * startWorkerProcess, resolved once the worker's own heartbeat is in its Redis (BullMQ's worker count also
 * sees other suites' workers, and a count could still see a stopped one's): what a test queues next is taken
 * at once, never left to wait on the worker's boot, which on a busy machine outlasts a test's wait for the
 * job (a topic stayed 'queued' past 15 s).
 */
export async function startReportedWorker(env: Record<string, string | undefined> = {}): Promise<ChildProcess> {
  const worker = startWorkerProcess(env);
  const key = `${WORKER_HEARTBEAT_PREFIX}${hostname()}:${worker.pid}`;
  const redis = new Redis(env.REDIS_URL ?? process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  const heartbeats = async () => {
    if (worker.exitCode !== null || worker.signalCode !== null) throw new Error(`worker ${worker.pid} exited before it reported`);
    return redis.exists(key);
  };
  try {
    await until(`worker ${worker.pid}'s heartbeat`, heartbeats, (found) => found > 0, 90_000, 50);
  } finally {
    redis.disconnect();
  }
  return worker;
}
