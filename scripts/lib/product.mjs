// The product on one machine, as `npm start` and `npm run dev` run it: installs what is missing, starts an
// embedded PostgreSQL (unless DATABASE_URL is set), a local redis-server (unless REDIS_URL is set) and a
// local mail catcher (unless SMTP_URL is set), migrates, seeds the demo content, builds, then runs the API
// and one worker until Ctrl-C. With `watch`, the builds are watchers and the processes restart on change.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startMailCatcher, startPostgres, startRedis } from './services.mjs';
import { ensureSystemTool, REDIS } from './system-packages.mjs';
import { BUILT_BEFORE_WATCHING, startWatchers } from './watchers.mjs';
import { ensureDependencies, log, NX_ENV, ROOT, run } from './workspace.mjs';

const dataDir = path.resolve(process.env.AI_MIND_DATA_DIR ?? path.join(ROOT, '.data'));
const port = Number(process.env.PORT ?? 3000);
const cleanups = [];
const children = new Set();
let stopping = false;

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  log('Stopping...');
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error) => log(`Cleanup failed: ${error.message}`));
  }
  log('Stopped.');
  process.exit(exitCode);
}

function startProcess(name, entry, env, { watch }) {
  // Under watch, node restarts the process when a file it imported changes (a rebuild of backend/dist), and
  // keeps the printed addresses on screen.
  const flags = watch ? ['--watch', '--watch-preserve-output'] : [];
  // Its own process group, so a Ctrl-C is handled once, by the orderly shutdown below.
  // The bundle the build makes (backend/bundle.mjs), as production runs it; under watch, tsc's and swc's
  // output, where each saved file is recompiled alone.
  const built = path.join(ROOT, watch ? 'backend/dist' : 'backend/dist/bundle', entry);
  const child = spawn(process.execPath, [...flags, built], { cwd: ROOT, env, stdio: 'inherit', detached: true });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      log(`The ${name} process stopped unexpectedly (${signal ?? `exit ${code}`}).`);
      void stopAll(1);
    }
  });
  return child;
}

/** Waits until the API answers and reports every part up, the worker's heartbeat included: the product is
 *  announced running only when a queued job would be picked up. */
async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'not listening';
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const response = await fetch(url);
      const health = await response.json();
      if (response.ok && health.status === 'ok') return;
      last = Object.entries(health.checks ?? {})
        .filter(([, check]) => !check.ok)
        .map(([name, check]) => `${name}: ${check.error ?? 'down'}`)
        .join('; ');
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The product did not become healthy at ${url} within ${timeoutMs / 1000} s (${last})`);
}

/** The demo's other accounts, one per role below the owner (created with the demo content). */
const DEMO_ROLES = ['editor', 'writer'];

/**
 * The demo accounts, kept in the data folder: the owner (ADMIN_USERNAME / ADMIN_PASSWORD when set, else
 * 'admin') and an editor and a writer, each with a random password made on the first start.
 */
function demoAccounts() {
  const file = path.join(dataDir, 'admin-credentials.json');
  const stored = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const password = () => randomBytes(12).toString('base64url');
  const kept = {
    username: stored.username ?? 'admin',
    password: stored.password ?? password(),
    ...Object.fromEntries(DEMO_ROLES.map((role) => [role, stored[role] ?? { username: role, password: password() }])),
  };
  if (JSON.stringify(kept) !== JSON.stringify(stored)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  }
  const owner =
    process.env.ADMIN_USERNAME && process.env.ADMIN_PASSWORD
      ? { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD }
      : { username: kept.username, password: kept.password };
  // ADMIN_USERNAME may name a demo account (`editor`): that account is the owner, with the owner's password.
  const others = DEMO_ROLES.map((role) => ({ role, ...kept[role] })).filter((account) => account.username !== owner.username);
  return { owner, others };
}

/**
 * Migrates, seeds the demo content (with `seed`), saves `accounts` as create-admin does, and returns the
 * usernames among `check` whose password signs in (an account kept from an earlier start may have had its
 * password, status or role changed since), in one CLI process (`prepare`): one boot of the backend where
 * each step was a process of its own. Prints the lines those steps print.
 */
function prepare(input, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['backend/dist/bundle/main.cli.js', 'prepare'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`node backend/dist/bundle/main.cli.js prepare failed (exit ${code})`));
      const { lines, working } = JSON.parse(out);
      process.stdout.write(`${lines.join('\n')}\n`);
      resolve(new Set(working));
    });
    child.stdin.end(JSON.stringify(input));
  });
}

async function main({ watch }) {
  // WORKERS=n runs n job workers (default 1), as a deployment with several does: the jobs are safe with any number.
  const workers = Number(process.env.WORKERS ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > 8) throw new Error(`WORKERS must be a whole number from 1 to 8, not '${process.env.WORKERS}'.`);
  const redisBinary = process.env.REDIS_URL ? null : await ensureSystemTool(REDIS, { log });
  if ((await freePort(port)) !== port) throw new Error(`Port ${port} is in use; set PORT to another port.`);

  await ensureDependencies();
  // Production bundles whatever NODE_ENV the shell has (a bundler reads it to pick its mode).
  const buildEnv = { ...NX_ENV, NODE_ENV: 'production' };
  if (watch) {
    log('Building the backend (cached by Nx), then the apps, and watching them...');
    await run('npx', ['nx', 'run-many', '-t', 'build', `--projects=${BUILT_BEFORE_WATCHING.join(',')}`, '--outputStyle=stream'], { env: buildEnv });
    const watchers = startWatchers({ env: { ...process.env, ...buildEnv }, isStopping: () => stopping });
    cleanups.push(watchers.stop);
    await watchers.ready;
  } else if (process.env.AI_MIND_SKIP_BUILD === 'true') {
    // `npm test` builds every project before its end-to-end tier, which starts the product once per test file.
    log('Using the builds as they are (AI_MIND_SKIP_BUILD).');
  } else {
    log('Building (cached by Nx)...');
    await run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream'], { env: buildEnv });
  }

  // The three services are independent: started side by side, each stopped at the end by its own cleanup.
  const startPostgresUnlessGiven = async () => {
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
    const pgPort = await freePort(Number(process.env.PG_PORT ?? 54329));
    log(`Starting embedded PostgreSQL (data in ${path.join(dataDir, 'postgres')})...`);
    const postgres = await startPostgres({
      dataDir: path.join(dataDir, 'postgres'),
      port: pgPort,
      database: 'ai_mind',
      ownSignals: true,
    });
    cleanups.push(postgres.stop);
    return postgres.url;
  };
  const startRedisUnlessGiven = async () => {
    if (process.env.REDIS_URL) return process.env.REDIS_URL;
    const redis = await startRedis({
      port: await freePort(Number(process.env.REDIS_PORT ?? 63790)),
      dataDir: path.join(dataDir, 'redis'),
      binary: redisBinary,
    });
    cleanups.push(redis.stop);
    return redis.url;
  };
  const startMailCatcherUnlessGiven = async () => {
    if (process.env.SMTP_URL) return { smtpUrl: process.env.SMTP_URL, inboxUrl: null };
    const catcher = await startMailCatcher({
      smtpPort: await freePort(Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025)),
      httpPort: await freePort(Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 1080)),
    });
    cleanups.push(catcher.stop);
    return catcher;
  };
  // allSettled: a service that started while another failed is still in the cleanups when everything stops.
  const services = await Promise.allSettled([startPostgresUnlessGiven(), startRedisUnlessGiven(), startMailCatcherUnlessGiven()]);
  const failedService = services.find((service) => service.status === 'rejected');
  if (failedService) throw failedService.reason;
  const [databaseUrl, redisUrl, { smtpUrl, inboxUrl: mailInbox }] = services.map((service) => service.value);

  // The site names the address printed below in its links, sitemaps and feeds, unless PUBLIC_URL says otherwise.
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SMTP_URL: smtpUrl,
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(dataDir, 'media'),
    // The backups belong with the database they copy: Deep Recovery reads every file in this folder, so
    // one shared by two data folders would bring another site's articles into this one.
    BACKUP_DIR: process.env.BACKUP_DIR ?? path.join(dataDir, 'backups'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const { owner: admin, others } = demoAccounts();
  const seedDemo = process.env.SEED_DEMO !== 'false';
  // Without the demo, the owner's password is set on every start; with it, the seed makes the owner (when
  // missing) and the other demo accounts are never changed once they exist: an owner may have changed
  // their role or password since.
  const working = await prepare(
    {
      seed: seedDemo,
      accounts: seedDemo
        ? others.map(({ username, password, role }) => ({ username, password, role, ifMissing: true }))
        : [{ username: admin.username, password: admin.password, role: 'owner', ifMissing: false }],
      check: (seedDemo ? [admin, ...others] : [admin]).map(({ username, password }) => ({ username, password })),
    },
    { ...env, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
  );

  startProcess('API', 'main.api.js', env, { watch });
  for (let worker = 1; worker <= workers; worker += 1) startProcess(workers > 1 ? `worker ${worker}` : 'worker', 'main.worker.js', env, { watch });
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, 120_000);

  log(`The AI Mind is running at ${publicUrl}`);
  log(
    working.has(admin.username)
      ? `Admin panel: ${publicUrl}/admin (username '${admin.username}', password '${admin.password}')`
      : `Admin panel: ${publicUrl}/admin (the account '${admin.username}' existed before with another password or is disabled: set one with \`node backend/dist/bundle/main.cli.js create-admin ${admin.username}\`)`,
  );
  if (seedDemo) {
    for (const account of others.filter((other) => working.has(other.username))) {
      log(`  the demo ${account.role}: username '${account.username}', password '${account.password}'`);
    }
  }
  log(`Database: ${databaseUrl}`);
  log(`Redis: ${redisUrl}`);
  log(mailInbox ? `Mail catcher (every email sent, SMTP at ${smtpUrl}): ${mailInbox}` : `Email through ${new URL(smtpUrl).host}`);
  if (watch) log('Rebuilding on change: a saved backend file restarts the API and the worker, a saved app file is served on the next load.');
  log('Press Ctrl-C to stop.');
}

/** Runs the product until Ctrl-C or SIGTERM; `watch` rebuilds and restarts on change (`npm run dev`). */
export function runProduct({ watch = false } = {}) {
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  main({ watch }).catch(async (error) => {
    process.stderr.write(`[ai-mind] ${error.message}\n`);
    await stopAll(1);
  });
}
