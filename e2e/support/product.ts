import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/services.mjs';

/** The port helper npm start uses, for tests that start more than the product. */
export { freePort };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProduct {
  url: string;
  /** The demo admin (an owner) that npm start printed. */
  admin: { username: string; password: string };
  /** The demo editor and writer that npm start printed (with the demo content only). */
  demoAccount: (role: 'editor' | 'writer') => { username: string; password: string };
  /** The local mail catcher's web inbox that npm start printed (its JSON view is at /api/messages). */
  mailInbox: string;
  output: () => string;
  /** Sends Ctrl-C and resolves once every process writing to the terminal has finished. */
  stop: () => Promise<void>;
}

/** Starts the product exactly as the README does (`npm start`), on its own port and data folder. */
export async function startProduct(dataDir: string, port: number, extraEnv: Record<string, string> = {}, timeoutMs = 240_000): Promise<RunningProduct> {
  fs.mkdirSync(dataDir, { recursive: true });
  // A person's terminal: without the NODE_ENV=test and Nx task variables of the runner around this test.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('NX_')));
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      PORT: String(port),
      AI_MIND_DATA_DIR: dataDir,
      PG_PORT: '0',
      REDIS_PORT: '0',
      MAIL_CATCHER_SMTP_PORT: '0',
      MAIL_CATCHER_HTTP_PORT: '0',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // npm itself exits at once on Ctrl-C; the start script's orderly shutdown ends when the last
  // process holding the output (the script, the API, the worker) has closed it.
  const outputClosed = new Promise<void>((resolve) => child.stdout!.once('close', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not report a URL within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    // Ready once npm start has printed all it prints at start (its last line): the URL comes first, and
    // the sign-ins, database and mail catcher lines that tests read at once may arrive in a later chunk.
    const check = () => {
      const match = output.match(/The AI Mind is running at (http:\/\/\S+)[\s\S]*Press Ctrl-C to stop\./);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`npm start exited before reporting a URL:\n${output}`));
    });
  });

  return {
    url,
    get admin() {
      const credentials = /username '([^']+)', password '([^']+)'/.exec(output);
      return { username: credentials?.[1] ?? '', password: credentials?.[2] ?? '' };
    },
    demoAccount: (role: 'editor' | 'writer') => {
      const credentials = new RegExp(`the demo ${role}: username '([^']+)', password '([^']+)'`).exec(output);
      return { username: credentials?.[1] ?? '', password: credentials?.[2] ?? '' };
    },
    get mailInbox() {
      return /Mail catcher \(.*\): (http:\/\/\S+)/.exec(output)?.[1] ?? '';
    },
    output: () => output,
    // Ctrl-C reaches the whole process group in a terminal; do the same.
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
      await outputClosed;
    },
  };
}
