import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

const WORKER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.worker.js');

/**
 * The built worker, as production runs it: its own process, no HTTP, consuming from Redis. The
 * scheduled trending refresh is off unless a test asks for it: it rewrites the whole topic list.
 */
export function startWorkerProcess(env: Record<string, string | undefined> = {}): ChildProcess {
  return spawn(process.execPath, [WORKER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      TRENDING_REFRESH_MINUTES: '0',
      // Never the repository's .data folder: each worker keeps media and backups in the run's temporary folder.
      MEDIA_DIR: path.join(process.env.TEST_DATA_DIR!, `worker-media-${randomUUID()}`),
      BACKUP_DIR: path.join(process.env.TEST_DATA_DIR!, `worker-backups-${randomUUID()}`),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** SIGTERM, then the exit code once the worker has finished its current jobs. */
export async function stopProcess(child: ChildProcess): Promise<number | null> {
  // Already gone (exited, or killed by a signal such as SIGKILL): no 'exit' event will come again.
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
