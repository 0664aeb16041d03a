// Child processes of the benchmark: the API and workers as production runs them (node on the built
// entry points), the bare baseline and the load generator, each with its peak memory sampled.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/workspace.mjs';

const children = new Set();

/** VmRSS of a process in MB, or null once it is gone. */
function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  } catch {
    return null;
  }
}

/** Samples a process's resident memory every 100 ms; `peakMb` is the highest seen (VmHWM where Linux keeps it). */
function trackMemory(child) {
  const tracker = { peakMb: 0 };
  const sample = () => {
    const mb = rssMb(child.pid);
    if (mb !== null) tracker.peakMb = Math.max(tracker.peakMb, mb);
    try {
      const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (hwm) tracker.peakMb = Math.max(tracker.peakMb, Number(hwm[1]) / 1024);
    } catch {
      // Exited between the two reads.
    }
  };
  const timer = setInterval(sample, 100);
  child.once('exit', () => clearInterval(timer));
  tracker.sample = sample;
  return tracker;
}

/** Starts backend/dist/<entry> with `env`; its output goes to `logFile`. */
export function startBackend(name, entry, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'backend/dist', entry)], { cwd: ROOT, env, stdio: ['ignore', out, out] });
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!child.stopping) process.stderr.write(`[bench] the ${name} process exited (${signal ?? `exit ${code}`}); see ${logFile}\n`);
  });
  return { name, child, memory: trackMemory(child), stop: () => stopChild(child) };
}

/** A node script of the benchmark in its own process, talking over IPC. */
export function forkScript(script, env = {}) {
  const child = fork(path.join(ROOT, 'bench', script), [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Sends one message and waits for the child's answer. */
export function ask(child, message) {
  return new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      child.off('exit', onExit);
      if (answer.ok === false) reject(new Error(answer.error));
      else resolve(answer.result ?? answer);
    };
    const onExit = (code) => {
      child.off('message', onMessage);
      reject(new Error(`child exited (${code}) before answering`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

export function waitForMessage(child, predicate) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (!predicate(message)) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child exited (${code})`)));
  });
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.stopping = true;
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function stopAllChildren() {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/** Every process below `pid` (children, their children...), read from /proc. */
function descendants(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name, which may itself hold spaces and parentheses: state, ppid, ...
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone since the listing.
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The last resort of a run's end: whatever this process started and is still running (a service whose
 * stop failed, a browser a crashed step left, a build cut short) is killed, with its process group when
 * it leads one (redis-server and varnishd run in their own). Returns what it had to kill.
 */
export function killLeftovers() {
  const left = descendants(process.pid);
  for (const pid of left) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Not a group leader, or already gone.
      }
    }
  }
  return left;
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
