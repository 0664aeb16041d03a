// Helpers shared by the README commands (start and test): the repo root, dependency install and
// running workspace tools.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Environment for Nx: no cloud, no daemon, no interactive terminal UI. */
export const NX_ENV = { NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };

export function log(message) {
  process.stdout.write(`[ai-mind] ${message}\n`);
}

/** Runs a command with inherited output; rejects when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

/**
 * Installs dependencies from the lockfile when node_modules is missing or was installed from another
 * lockfile (a stamp in node_modules remembers which). `npm install --no-save` rather than `npm ci`:
 * lockfiles written on one platform lack other platforms' optional binaries, which `npm ci` rejects.
 * `--include=dev` because the start command builds the apps, also when NODE_ENV=production.
 */
export async function ensureDependencies() {
  const lockfile = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules/.ai-mind-lock-hash');
  const hash = createHash('sha256').update(fs.readFileSync(lockfile)).digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return;
  log('Installing dependencies...');
  await run('npm', ['install', '--no-save', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error']);
  fs.writeFileSync(stamp, hash);
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}
