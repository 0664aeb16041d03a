// The system programs the README's commands need beyond Node: redis-server (`npm start` and
// `npm test`), Chromium's headless shell and Varnish with its xkey module (`npm test`). Found on PATH; else installed with apt-get when this is a
// Debian or Ubuntu machine and we run as root (as .ci/run does); else the exact command to run is
// the error, for this platform.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Where Debian and Ubuntu packages put their programs, searched after an install whatever PATH says. */
const SYSTEM_BIN_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin'];
const PROGRESS_EVERY_MS = 10_000;

export const REDIS = {
  what: 'redis-server',
  command: 'redis-server',
  apt: 'redis-server',
  brew: 'brew install redis',
  dnf: 'redis',
  env: 'or set REDIS_URL to a running Redis',
};
/** Where Debian's fonts-liberation puts the serif the screenshots' headings fall back to (Times New Roman's metrics). */
const LIBERATION_SERIF = '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf';
/**
 * Chromium's headless shell (scripts/lib/chromium.mjs), and on Linux the Liberation fonts: the visual
 * baselines are drawn with them (the theme's Times New Roman and Arial resolve to Liberation Serif and
 * Sans). Chromium only recommends them, so an install without recommends draws every heading in DejaVu and
 * no screenshot matches.
 */
export const CHROMIUM = {
  what: "Chromium's headless shell with the Liberation fonts",
  command: 'chromium-headless-shell',
  apt: 'chromium-headless-shell fonts-liberation',
  brew: 'brew install --cask chromium',
  dnf: 'chromium-headless liberation-fonts',
  env: 'or set CHROMIUM_PATH to a Chromium binary (the visual baselines are drawn by the headless shell)',
  present: () => process.platform !== 'linux' || fs.existsSync(LIBERATION_SERIF),
};
/** The full Chromium, in which the benchmark measures page loads as a reader's browser does them. */
export const BENCH_CHROMIUM = {
  what: 'Chromium',
  command: 'chromium',
  apt: 'chromium fonts-liberation',
  brew: 'brew install --cask chromium',
  dnf: 'chromium liberation-fonts',
  env: 'or set BENCH_CHROMIUM_PATH to a Chromium binary',
};
/** varnishd and vmod_xkey (Debian's varnish-modules), which the shared cache's VCL imports. */
export const VARNISH = {
  what: 'Varnish with vmod_xkey',
  command: 'varnishd',
  apt: 'varnish varnish-modules',
  brew: 'brew install varnish (and build varnish-modules)',
  dnf: 'varnish varnish-modules',
  env: 'to run the shared HTTP cache tests',
  present: () => xkeyModulePath() !== null,
};

/** Where Debian's varnish-modules puts vmod_xkey (/usr/lib/<triplet>/varnish/vmods/), or null. */
export function xkeyModulePath() {
  for (const dir of ['/usr/lib', ...(fs.existsSync('/usr/lib') ? fs.readdirSync('/usr/lib').map((entry) => `/usr/lib/${entry}`) : [])]) {
    const file = `${dir}/varnish/vmods/libvmod_xkey.so`;
    if (fs.existsSync(file)) return file;
  }
  return null;
}

function commandPath(command, extraDirs = []) {
  const searchPath = [process.env.PATH ?? '', ...extraDirs].filter(Boolean).join(':');
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8', env: { ...process.env, PATH: searchPath } });
  return found.status === 0 ? found.stdout.trim() : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The command a person runs to install `tool` here. */
export function installCommand(tool, { platform = process.platform, root = isRoot(), has = (c) => commandPath(c) !== null } = {}) {
  const sudo = root ? '' : 'sudo ';
  if (platform === 'darwin') return tool.brew;
  if (has('apt-get')) return `${sudo}apt-get install -y ${tool.apt}`;
  if (has('dnf')) return `${sudo}dnf install -y ${tool.dnf}`;
  return `your package manager's ${tool.what} package`;
}

function runQuietly(command, args, { label, log }) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const ticker = setInterval(() => log(`  ...${label} (${Math.round((Date.now() - started) / 1000)} s)`), PROGRESS_EVERY_MS);
    child.on('error', (error) => {
      clearInterval(ticker);
      reject(error);
    });
    child.on('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/**
 * The path of `tool`'s program: from PATH, or installed now with apt-get when we run as root on a
 * machine that has it (with a progress line while it works). Otherwise throws, naming the command.
 */
export async function ensureSystemTool(tool, { log }) {
  const found = commandPath(tool.command, SYSTEM_BIN_DIRS);
  if (found && (!tool.present || tool.present())) return found;
  const manual = `${tool.what} is not installed. Install it with \`${installCommand(tool)}\` ${tool.env}.`;
  if (process.platform !== 'linux' || !isRoot() || !commandPath('apt-get')) throw new Error(manual);
  log(`${tool.what} is not installed: installing it with apt-get (package ${tool.apt}); this takes a minute or two...`);
  const started = Date.now();
  await runQuietly('apt-get', ['update', '-qq'], { label: 'apt-get update', log });
  await runQuietly('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...tool.apt.split(' ')], { label: `installing ${tool.apt}`, log });
  const installed = commandPath(tool.command, SYSTEM_BIN_DIRS);
  if (!installed || !fs.existsSync(installed)) throw new Error(`apt-get installed ${tool.apt} but ${tool.command} is still not found. ${manual}`);
  log(`Installed ${tool.what} (${installed}) in ${Math.round((Date.now() - started) / 1000)} s.`);
  return installed;
}
