import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/services.mjs';
import { BUNDLE_DIR, endsWithTheTests } from './worker-process.js';

export interface ApiProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
}

/**
 * The built API as production runs it (`node dist/bundle/main.api.js`) on a free port, resolved once its
 * health check answers 200 (on `port` when given: a proxy in front of it was pointed there). A
 * process that exits first rejects with its exit code.
 */
export async function startApiProcess(env: Record<string, string | undefined>, timeoutMs = 45_000, port?: number): Promise<ApiProcess> {
  port ??= await freePort();
  const child = endsWithTheTests(
    spawn(process.execPath, [path.join(BUNDLE_DIR, 'main.api.js')], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API process exited with code ${child.exitCode} before it was healthy`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { child, url };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API process on ${url} was not healthy within ${timeoutMs} ms (last status ${status})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs the ops CLI (`node dist/bundle/main.cli.js ...`) to completion; throws with its output when it fails. */
export function runCli(args: string[], env: Record<string, string | undefined>, input?: string): string {
  const result = spawnSync(process.execPath, [path.join(BUNDLE_DIR, 'main.cli.js'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    input,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
