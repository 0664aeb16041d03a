// The shared HTTP cache for tests and the benchmark: varnishd (Debian's varnish, with vmod_xkey from
// varnish-modules) running the shipped VCL (infra/varnish/default.vcl) in front of an API on this
// machine, its reader and purge listeners on free ports of 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './services.mjs';

export const VCL_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../infra/varnish/default.vcl');

function varnishdPath() {
  const found = spawnSync('sh', ['-c', 'command -v varnishd || ls /usr/sbin/varnishd'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim().split('\n')[0] : null;
}

/** The shipped VCL with its backend pointed at `host:port` (compose and Kubernetes name it `api:3000`). */
export function vclFor({ host, port }) {
  const vcl = fs.readFileSync(VCL_FILE, 'utf8');
  const pointed = vcl.replace('.host = "api";', `.host = "${host}";`).replace('.port = "3000";', `.port = "${port}";`);
  if (pointed === vcl) throw new Error(`${VCL_FILE} no longer names its backend as .host = "api"; .port = "3000";`);
  return pointed;
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts varnishd in the foreground of a child process; resolves once both listeners accept
 * connections. `stats()` reads its counters (varnishstat), e.g. MAIN.backend_req: requests sent to the API.
 */
export async function startVarnish({ backend, port, purgePort, memory = '128m', log = () => {} }) {
  const binary = varnishdPath();
  if (!binary) throw new Error('varnishd is not installed: apt-get install -y varnish varnish-modules');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-varnish-'));
  const vclFile = path.join(workDir, 'default.vcl');
  fs.writeFileSync(vclFile, vclFor(backend));
  port ??= await freePort();
  purgePort ??= await freePort();
  const args = ['-F', '-j', 'none', '-n', workDir, '-f', vclFile, '-a', `http=127.0.0.1:${port}`, '-a', `purge=127.0.0.1:${purgePort}`, '-s', `malloc,${memory}`];
  // Its own process group, like redis-server: a Ctrl-C goes to the caller, which stops it.
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let exited = false;
  let output = '';
  child.on('exit', () => (exited = true));
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output += chunk;
      log(chunk.toString().trim());
    });
  }
  const deadline = Date.now() + 30_000;
  while (!((await listening(port)) && (await listening(purgePort)))) {
    if (exited) throw new Error(`varnishd exited while starting:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not listen on ${port} and ${purgePort} within 30 s:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    purgeUrl: `http://127.0.0.1:${purgePort}`,
    stats() {
      const result = spawnSync('varnishstat', ['-n', workDir, '-1', '-j'], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`varnishstat failed: ${result.stderr}`);
      const parsed = JSON.parse(result.stdout);
      const counters = parsed.counters ?? parsed;
      return Object.fromEntries(Object.entries(counters).filter(([, v]) => typeof v === 'object' && v && 'value' in v).map(([k, v]) => [k, v.value]));
    },
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          fs.rmSync(workDir, { recursive: true, force: true });
          resolve();
        };
        if (exited) return done();
        child.once('exit', done);
        // varnishd's manager stops its child on SIGTERM; the group takes both.
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}
