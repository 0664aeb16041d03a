// The shared HTTP cache for tests and the benchmark: varnishd (Debian's varnish, with vmod_xkey from
// varnish-modules) started by the shipped script and VCL (infra/varnish/start.sh, default.vcl) in
// front of an API on this machine, its reader and purge listeners on free ports of 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './services.mjs';

export const VARNISH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../infra/varnish');

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
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-varnish-'));
  port ??= await freePort();
  purgePort ??= await freePort();
  const env = {
    ...process.env,
    PATH: `${process.env.PATH ?? ''}:/usr/sbin:/usr/bin`,
    API_HOST: backend.host,
    API_PORT: String(backend.port),
    HTTP_LISTEN: `127.0.0.1:${port}`,
    PURGE_LISTEN: `127.0.0.1:${purgePort}`,
    VARNISH_STORAGE: `malloc,${memory}`,
    VARNISH_WORKDIR: workDir,
    VCL_DIR: VARNISH_DIR,
  };
  // As whoever runs the tests (no jail: the work folder is theirs). Its own process group, like
  // redis-server: a Ctrl-C goes to the caller, which stops it.
  const child = spawn('sh', [path.join(VARNISH_DIR, 'start.sh'), '-j', 'none'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env });
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
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([, v]) => typeof v === 'object' && v && 'value' in v)
          .map(([k, v]) => [k, v.value]),
      );
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
