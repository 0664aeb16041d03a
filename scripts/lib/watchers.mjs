// The builds of `npm run dev`, rebuilt on change. The backend and the contracts start from the Nx build and
// then have each saved file compiled alone by swc (the transform the tests use), into the same dist/ the
// processes import: milliseconds where tsc re-checks the whole project first. Types are still checked by
// the editor, `npm run nx -- run-many -t typecheck` and `npm test`. The apps are rsbuild watchers with their
// build configs, so the browser gets the bundles `npm start` serves.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { transformFile } from '@swc/core';
import { swcTransform } from '../../jest.preset.js';
import { log, ROOT } from './workspace.mjs';

/** Source folders whose saved files are compiled one by one into the build's output folder. */
const TRANSPILED = [
  { name: 'contracts', src: 'libs/contracts/src', dist: 'libs/contracts/dist' },
  { name: 'backend', src: 'backend/src', dist: 'backend/dist' },
];

const rsbuild = ['rsbuild', 'build', '--watch'];

/** The projects built by Nx before the watchers start; the apps' first build is their watcher's own. */
export const BUILT_BEFORE_WATCHING = ['@ai-mind/contracts', '@ai-mind/backend'];

const BUNDLED = [
  { name: 'shell', dir: 'shell', command: rsbuild },
  { name: 'public-site', dir: 'public-site', command: rsbuild },
  // The site's server render, which the API loads anew when its file changes.
  { name: 'public-site server', dir: 'public-site', command: [...rsbuild, '-c', 'rsbuild.server.config.ts'] },
  { name: 'admin-app', dir: 'admin-app', command: rsbuild },
];

const BUILT = /built in|build failed/;
/** The lines worth showing of a bundler's output: what it did and what failed, not the bundle tables. */
const NOTEWORTHY = /^(error|warn)\b|built in|build failed/;

function isCompiledSource(file) {
  return file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.spec.ts');
}

function watchTranspiled({ name, src, dist }) {
  const options = { ...swcTransform()[1], sourceMaps: 'inline' };
  const changed = new Set();
  let timer;
  const compileChanged = async () => {
    const files = [...changed];
    changed.clear();
    for (const file of files) {
      const from = path.join(ROOT, src, file);
      // A deleted source keeps its output until the next full build: nothing imports it any more.
      if (!fs.existsSync(from)) continue;
      const to = path.join(ROOT, dist, file.replace(/\.ts$/, '.js'));
      try {
        const { code } = await transformFile(from, { ...options, filename: from });
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.writeFileSync(to, code);
        log(`${name}: compiled ${file}`);
      } catch (error) {
        log(`${name}: ${file} does not compile: ${error.message}`);
      }
    }
  };
  const root = path.join(ROOT, src);
  const stopWatching = watchTree(root, (file) => {
    if (!isCompiledSource(file)) return;
    changed.add(file);
    clearTimeout(timer);
    // An editor's save is often several writes: compile once they settle.
    timer = setTimeout(compileChanged, 50);
  });
  return {
    firstBuild: Promise.resolve(),
    stop: async () => {
      clearTimeout(timer);
      stopWatching();
    },
  };
}

/**
 * Calls `onFile` with the path (relative to `root`) of each file written, created or replaced under it. One
 * watcher per folder rather than `fs.watch(root, { recursive: true })`, which on Linux loses a file that is
 * replaced rather than written in place (how `git checkout` and many editors save).
 */
function watchTree(root, onFile) {
  const watchers = new Map();
  const watchFolder = (folder) => {
    if (watchers.has(folder)) return;
    let watcher;
    try {
      watcher = fs.watch(folder, (_event, name) => {
        if (!name) return;
        const full = path.join(folder, name);
        if (fs.statSync(full, { throwIfNoEntry: false })?.isDirectory()) watchFolder(full);
        else onFile(path.relative(root, full));
      });
    } catch {
      return; // removed meanwhile
    }
    watcher.on('error', () => {
      watcher.close();
      watchers.delete(folder);
    });
    watchers.set(folder, watcher);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) watchFolder(path.join(folder, entry.name));
    }
  };
  watchFolder(root);
  return () => {
    for (const watcher of watchers.values()) watcher.close();
  };
}

function watchBundled({ name, dir, command }, { env, isStopping }) {
  const [binary, ...args] = command;
  // Its own process group, so a Ctrl-C reaches it once, through `stop`.
  const child = spawn(path.join(ROOT, 'node_modules/.bin', binary), args, {
    cwd: path.join(ROOT, dir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const firstBuild = new Promise((resolve, reject) => {
    let pending = '';
    const onOutput = (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        // eslint-disable-next-line no-control-regex -- the colours the bundler prints
        const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trim();
        if (NOTEWORTHY.test(plain)) log(`${name}: ${plain}`);
        if (BUILT.test(plain)) resolve();
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('exit', (code, signal) => {
      const message = `The ${name} build watcher stopped (${signal ?? `exit ${code}`}).`;
      if (!isStopping()) log(message);
      reject(new Error(message));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      // The whole group: the bundler may run workers of its own.
      process.kill(-child.pid, 'SIGTERM');
    });
  return { firstBuild, stop };
}

/**
 * Starts every watcher: `ready` resolves once each app has been built (rejects when a watcher stops
 * before), `stop` ends them all.
 */
export function startWatchers({ env, isStopping }) {
  const watchers = [...TRANSPILED.map(watchTranspiled), ...BUNDLED.map((bundled) => watchBundled(bundled, { env, isStopping }))];
  return {
    ready: Promise.all(watchers.map((watcher) => watcher.firstBuild)),
    stop: async () => {
      await Promise.all(watchers.map((watcher) => watcher.stop()));
    },
  };
}
