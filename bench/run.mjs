// `npm run bench`: the benchmark suite. Builds what it needs, runs its own PostgreSQL and Redis, seeds
// 1,000, 10,000 and 100,000 published articles (then 10 million page views of them), runs the API and
// workers as production does (behind Varnish, purged by the API), drives load from a separate process
// and compares with a bare Fastify server in the same run. Progress on stderr; one table on stdout;
// figures in bench/results.json. Each measurement is a step (`step(name, measure)`): one that fails is
// reported in the results and the run goes on; however the run ends (a failure, Ctrl-C, SIGTERM, an
// error nothing caught), it writes every figure it measured and stops every process it started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort, startPostgres, startRedis } from '../scripts/lib/services.mjs';
import { startVarnish } from '../scripts/lib/varnish.mjs';
import { NX_ENV, ROOT } from '../scripts/lib/workspace.mjs';
import { forkScript, killLeftovers, startBackend, stopAllChildren, waitForHttp, waitForMessage } from './lib/processes.mjs';
import { CONNECTIONS, measureColdSearch, measureImages, measureInteractions, measureRead } from './lib/scenarios.mjs';
import { checkTargets, machine, table } from './lib/report.mjs';
import { adminRows, adminVerdicts, measureAdmin } from './lib/admin-scenarios.mjs';
import { analyticsRows, analyticsVerdicts, measureAnalytics } from './lib/analytics-scenarios.mjs';
import { followsRows, followsVerdicts, measureFollows } from './lib/follows-scenarios.mjs';
import { measureChurn, measureSitemap } from './lib/attack-scenarios.mjs';
import { searchTerms, seedArticles, seedTrendingTopics } from './lib/seed.mjs';
import { measureSharedCache } from './lib/cache-scenarios.mjs';
import { measureRedisOutage } from './lib/outage-scenarios.mjs';
import { measureWriterStall } from './lib/writer-scenarios.mjs';
import { measureFediverse, startInboxStandIn } from './lib/fediverse-scenarios.mjs';

const SCALES = (process.env.BENCH_SCALES ?? '1000,10000,100000').split(',').map(Number);
/** Seconds of measurement per read endpoint and scale, split between the API and the baseline. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 12_000);
const IMAGE_JOBS = Number(process.env.BENCH_IMAGE_JOBS ?? 500);
/** Browsers following one story in the follows step. */
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
/** Page views seeded for the Analytics tab, over the last year. */
const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 10_000_000);
/** Steps to leave out while working on one (reads, cache, churn, sitemap, admin, interactions, images, analytics, outage, frontend); a full run skips none. */
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** A step to fail on purpose (its name, as BENCH_SKIP takes it): how the runner's failure path is checked. */
const FAIL_STEP = process.env.BENCH_FAIL_STEP;
const ADMIN = { username: 'bench', password: 'bench-admin-password' };
const DATA_DIR = path.join(ROOT, '.data/bench');

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const cleanups = [];
/** Workers stopped along the way; their peak memory still counts. */
const retiredWorkers = [];
/** The API and the running workers, once started: their peak memory goes into the results. */
const running = { api: undefined, workers: [] };

/** What the run has measured so far; written to bench/results.json however the run ends. */
const results = { connections: CONNECTIONS, scales: [], failedSteps: [] };
const startedAt = Date.now();
/** What the run is doing outside the steps (building, starting services, seeding): named when it fails. */
let phase = 'build';
/** Fails the step that is running (set while one runs). */
let failRunningStep;
/** Set once the run is ending: the promise of its end. */
let finishing;

/**
 * Runs one measurement and returns its figures; undefined when BENCH_SKIP names it or it fails. A
 * failure (an error it throws, or one nothing caught while it ran, such as a browser page crashing
 * under it) is logged and kept in the results' `failedSteps`, and the run goes on with the next step.
 */
async function step(name, measure, articles) {
  // Once the run is ending (a signal), no step starts.
  if (SKIP.has(name) || finishing) return undefined;
  const label = articles === undefined ? name : `${name} at ${articles.toLocaleString('en')} articles`;
  try {
    return await new Promise((resolve, reject) => {
      failRunningStep = reject;
      if (name === FAIL_STEP) throw new Error('failed on purpose (BENCH_FAIL_STEP)');
      measure().then(resolve, reject);
    });
  } catch (error) {
    log(`${label}: FAILED: ${error?.stack ?? error}`);
    results.failedSteps.push({ step: label, error: error?.message ?? String(error) });
    return undefined;
  } finally {
    failRunningStep = undefined;
  }
}

function runQuiet(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code})`))));
  });
}

/** One Redis command over RESP (the benchmark has no Redis client of its own). */
function redisCommand(url, args) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('error', reject);
    socket.once('data', (data) => {
      socket.end();
      resolve(data.toString());
    });
    socket.write(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(String(arg))}\r\n${arg}\r\n`).join('')}`);
  });
}

/** The runtime settings the production image gives the API and worker (infra/Dockerfile), so they run here as there. */
function productionRuntimeEnv() {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'infra/Dockerfile'), 'utf8');
  const value = (name) => new RegExp(`${name}=("[^"]*"|\\S+)`).exec(dockerfile)?.[1].replace(/^"|"$/g, '') ?? '';
  return { NODE_OPTIONS: value('NODE_OPTIONS'), GLIBC_TUNABLES: value('GLIBC_TUNABLES') };
}

async function notifyArticleChange(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_notify('article_changed', '')");
  } finally {
    await client.end();
  }
}

async function signIn(apiUrl) {
  const response = await fetch(`${apiUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ai_mind_admin='))
    ?.split(';')[0];
  const { csrfToken } = await response.json();
  return { headers: { cookie, 'x-csrf-token': csrfToken } };
}

async function liveWorkers(redisUrl) {
  const reply = await redisCommand(redisUrl, ['KEYS', 'ai-mind:worker-heartbeat:*']);
  return Number(/^\*(\d+)/.exec(reply)?.[1] ?? 0);
}

async function waitForWorkers(redisUrl, count) {
  const deadline = Date.now() + 60_000;
  while ((await liveWorkers(redisUrl)) < count) {
    if (Date.now() > deadline) throw new Error(`${count} worker(s) did not report within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ids spread over the whole table, so counters and images touch old and new rows alike. */
function spreadIds(total, count, offset = 0) {
  const step = Math.max(1, Math.floor(total / count));
  return Array.from({ length: Math.min(count, total) }, (_, i) => 1 + ((offset + i * step) % total));
}

async function measureFrontend(baseUrl, articleSlug) {
  const file = path.join(ROOT, 'bench/frontend.mjs');
  if (!fs.existsSync(file)) {
    log('public pages: not measured (bench/frontend.mjs missing)');
    return { note: 'not measured (bench/frontend.mjs missing)' };
  }
  const { measureFrontend: measure } = await import(file);
  return measure({ baseUrl, articleSlug, log });
}

async function main() {
  log('Building (cached by Nx)...');
  await runQuiet('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream'], { ...NX_ENV, NODE_ENV: 'production' });

  phase = 'start PostgreSQL, Redis and Varnish';
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  log(`Starting PostgreSQL and Redis of the benchmark (data in ${DATA_DIR})...`);
  const postgres = await startPostgres({ dataDir: path.join(DATA_DIR, 'postgres'), port: await freePort(), database: 'ai_mind_bench', ownSignals: true });
  cleanups.push(postgres.stop);
  const redisPort = await freePort();
  // `let`: the outage step kills it and starts another on the same port.
  let redis = await startRedis({ port: redisPort });
  cleanups.push(() => redis.stop());

  // The follows step's push service (accepts fast); the API and workers trust its origin and certificate.
  const pushSink = forkScript('push-sink.mjs');
  const { origin: pushOrigin, caFile: pushCaFile } = await waitForMessage(pushSink, (message) => message.ready);
  // The fediverse step's stand-in inboxes, on a loopback address the workers are told to trust.
  const fediverseInbox = await startInboxStandIn();
  cleanups.push(fediverseInbox.close);

  const apiPort = await freePort();
  // The shared HTTP cache in front of the API, as infra/ deploys it; the API purges it on every change.
  const varnish = await startVarnish({ backend: { host: '127.0.0.1', port: apiPort }, memory: '256m' });
  cleanups.push(varnish.stop);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    ...productionRuntimeEnv(),
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'warn',
    MEDIA_DIR: path.join(DATA_DIR, 'media'),
    BACKUP_DIR: path.join(DATA_DIR, 'backups'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    HTTP_CACHE_PURGE_URLS: varnish.purgeUrl,
    PUSH_TRUSTED_ORIGINS: pushOrigin,
    PUSH_CA_FILE: pushCaFile,
    VAPID_KEYS_FILE: path.join(DATA_DIR, 'vapid-keys.json'),
    FOLLOWS_TICK_MS: '500',
    FEDIVERSE_TRUSTED_ORIGINS: fediverseInbox.origin,
  };
  phase = 'start the API and workers';
  await runQuiet(process.execPath, ['backend/dist/main.cli.js', 'migrate'], env);
  await runQuiet(process.execPath, ['backend/dist/main.cli.js', 'create-admin', ADMIN.username, '--role', 'owner'], env);
  await seedTrendingTopics(postgres.url);

  log(`API and workers run with NODE_OPTIONS='${env.NODE_OPTIONS}' GLIBC_TUNABLES=${env.GLIBC_TUNABLES} (from infra/Dockerfile)`);
  const logFile = path.join(DATA_DIR, 'backend.log');
  const api = startBackend('API', 'main.api.js', env, logFile);
  const workers = [startBackend('worker', 'main.worker.js', env, logFile)];
  Object.assign(running, { api, workers });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitForHttp(`${apiUrl}/api/health`, 60_000);
  // Varnish's health probe has seen the API.
  await waitForHttp(`${varnish.url}/api/health`, 30_000);
  await waitForWorkers(redis.url, 1);

  const barePort = await freePort();
  const bare = forkScript('bare-server.mjs', { PORT: String(barePort) });
  await waitForMessage(bare, (message) => message.ready);
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const load = forkScript('load-client.mjs');
  // The churning clients' own load process, so that the reader's timing is not theirs.
  const attackLoad = forkScript('load-client.mjs');
  const admin = await signIn(apiUrl);

  const terms = searchTerms();
  let clientOffset = 0;
  let imageOffset = 0;
  for (const articles of SCALES) {
    phase = `seed ${articles.toLocaleString('en')} articles`;
    log(`Seeding ${articles.toLocaleString('en')} published articles...`);
    const seedStart = Date.now();
    await seedArticles(postgres.url, articles);
    // The product's own invalidation, as after SQL run by hand: PostgreSQL tells every API process.
    await notifyArticleChange(postgres.url);
    log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; measuring...`);
    phase = `measure at ${articles.toLocaleString('en')} articles`;

    const slug = await (await fetch(`${apiUrl}/api/articles?approved=true&limit=1&category=Economics`)).json().then((items) => items[0].slug);
    const context = { apiUrl, bareUrl, bare, load, seconds: SECONDS };
    const memory = () =>
      log(`peak RSS so far: API ${Math.round(api.memory.peakMb)} MB, worker ${Math.round(Math.max(...workers.map((w) => w.memory.peakMb)))} MB`);
    const { reads = [], coldSearch } =
      (await step(
        'reads',
        async () => {
          const reads = [];
          reads.push(await measureRead({ ...context, name: 'GET /api/articles?approved=true', paths: ['/api/articles?approved=true'] }));
          reads.push(await measureRead({ ...context, name: 'GET /api/articles/slug/{slug}', paths: [`/api/articles/slug/${slug}`] }));
          reads.push(await measureRead({ ...context, name: 'category list', paths: ['/api/articles?approved=true&category=Technology'] }));
          reads.push(await measureRead({ ...context, name: 'GET /api/trending', paths: ['/api/trending'] }));
          const popular = terms.slice(0, 10).map((term) => `/api/articles?approved=true&search=${encodeURIComponent(term)}`);
          reads.push(await measureRead({ ...context, name: 'search (10 popular terms)', paths: popular }));
          // The server-rendered pages, as a client without compression and as a browser asks for them.
          const articlePage = `/economics/article/${slug}`;
          for (const [page, pagePath] of [
            ['home page', '/'],
            ['article page', articlePage],
          ]) {
            reads.push(await measureRead({ ...context, name: `${page} HTML`, paths: [pagePath], headers: { accept: 'text/html' } }));
            reads.push(
              await measureRead({ ...context, name: `${page} HTML, br`, paths: [pagePath], headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } }),
            );
          }
          if (!SKIP.has('cache')) {
            // The same reads as readers get them through the shared cache.
            const cached = { ...context, apiUrl: varnish.url };
            reads.push(await measureRead({ ...cached, name: 'via Varnish: GET /api/articles/slug/{slug}', paths: [`/api/articles/slug/${slug}`] }));
            reads.push(
              await measureRead({
                ...cached,
                name: 'via Varnish: home page HTML, gzip',
                paths: ['/'],
                headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
              }),
            );
            reads.push(
              await measureRead({
                ...cached,
                name: 'via Varnish: article page HTML, gzip',
                paths: [articlePage],
                headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
              }),
            );
          }
          const coldSearch = await measureColdSearch({ apiUrl, load, terms: terms.slice(10), categories: ['Technology', 'Politics'], seconds: SECONDS / 2 });
          memory();
          return { reads, coldSearch };
        },
        articles,
      )) ?? {};

    const churn = await step('churn', () => measureChurn({ apiUrl, load, attackLoad, seconds: SECONDS }), articles);
    const writer = await step('writer', () => measureWriterStall({ apiUrl, admin, load, databaseUrl: postgres.url }), articles);
    // The sitemap's size grows with the articles: measured at the largest scale.
    const sitemap = articles === SCALES.at(-1) ? await step('sitemap', () => measureSitemap({ apiUrl }), articles) : undefined;

    // A viral article and an editor's publish, through the shared cache: measured at the largest scale.
    const sharedCache =
      articles === SCALES.at(-1)
        ? await step('cache', () => measureSharedCache({ varnish, apiUrl, admin, databaseUrl: postgres.url, load }), articles)
        : undefined;

    const adminFigures = await step('admin', () => measureAdmin({ apiUrl, admin, terms }), articles);

    const articleIds = spreadIds(articles, 200);
    const interactions = await step(
      'interactions',
      () =>
        measureInteractions({
          ...context,
          databaseUrl: postgres.url,
          articleIds,
          spareArticleId: articles,
          clientOffset,
          amount: INTERACTIONS,
          seconds: SECONDS / 4,
        }),
      articles,
    );
    clientOffset += INTERACTIONS + 2000;
    memory();

    // Image work does not depend on how many articles there are: measured once, at the largest scale.
    const images = IMAGE_JOBS > 0 && articles === SCALES.at(-1) ? await step('images', measureImageScaling, articles) : undefined;
    results.scales.push({ articles, reads, coldSearch, churn, writer, sitemap, sharedCache, admin: adminFigures, interactions, images });

    /** Image regeneration with 1 and with 2 workers; the second worker is stopped after. */
    async function measureImageScaling() {
      // Two halves each, alternating 1 and 2 workers, so that load from elsewhere on the machine hits both alike.
      const half = Math.round(IMAGE_JOBS / 2);
      const timed = { 1: { jobs: 0, seconds: 0 }, 2: { jobs: 0, seconds: 0 } };
      const retire = async () => {
        const retired = workers.pop();
        retiredWorkers.push(retired);
        await retired.stop();
      };
      try {
        for (const count of [1, 2, 1, 2]) {
          while (workers.length < count) workers.push(startBackend('worker', 'main.worker.js', env, logFile));
          while (workers.length > count) await retire();
          await waitForWorkers(redis.url, count);
          const ids = spreadIds(articles, half, imageOffset++);
          const run = await measureImages({ apiUrl, admin, databaseUrl: postgres.url, ids, workers: count });
          timed[count].jobs += run.jobs;
          timed[count].seconds += run.seconds;
        }
      } finally {
        // One worker again for the steps after, whether or not this one finished.
        while (workers.length > 1) await retire();
      }
      const runs = [1, 2].map((count) => ({
        workers: count,
        jobs: timed[count].jobs,
        seconds: Number(timed[count].seconds.toFixed(1)),
        jobsPerSecond: Number((timed[count].jobs / timed[count].seconds).toFixed(1)),
      }));
      memory();
      return { runs, ratio: Number((runs[1].jobsPerSecond / runs[0].jobsPerSecond).toFixed(2)) };
    }
  }

  // One publish to 10,000 followers across 500 inboxes, after the article scales (the largest is seeded).
  results.fediverse = await step('fediverse', () => measureFediverse({ apiUrl, databaseUrl: postgres.url, inbox: fediverseInbox }));

  // The page views' articles are those of the largest scale; measured once, after the article scales.
  results.analytics = await step('analytics', () => measureAnalytics({ apiUrl, admin, databaseUrl: postgres.url, pageViews: PAGE_VIEWS }));

  results.follows = await step('follows', () =>
    measureFollows({ apiUrl, databaseUrl: postgres.url, sink: pushSink, sinkOrigin: pushOrigin, followers: FOLLOWERS, seconds: SECONDS }),
  );

  // Redis's data is gone after this one (sessions, queued work): it runs after every step that needs them.
  results.redisOutage = await step('outage', async () => {
    const slug = await (await fetch(`${apiUrl}/api/articles?approved=true&limit=1`)).json().then((items) => items[0].slug);
    const control = {
      kill: async () => {
        process.kill(redis.pid, 'SIGKILL');
        await redis.stop();
      },
      start: async () => {
        redis = await startRedis({ port: redisPort });
      },
    };
    return measureRedisOutage({ apiUrl, articleSlug: slug, redis: control, seconds: SECONDS / 2 });
  });

  results.frontend = await step('frontend', async () => {
    const slug = await (await fetch(`${apiUrl}/api/articles?approved=true&limit=1`)).json().then((items) => items[0].slug);
    return measureFrontend(apiUrl, slug);
  });
}

/**
 * Writes bench/results.json with whatever the run measured (failed steps named in `failedSteps`) and
 * prints the table. Never throws: the processes are stopped after it whatever happens here.
 */
function writeResults() {
  try {
    const { api, workers } = running;
    if (api) {
      api.memory.sample();
      workers.forEach((worker) => worker.memory.sample());
      results.memory = {
        apiPeakMb: Math.round(api.memory.peakMb),
        workerPeakMb: Math.round(Math.max(...[...workers, ...retiredWorkers].map((worker) => worker.memory.peakMb))),
      };
    }
    results.machine = machine();
    results.durationSeconds = Math.round((Date.now() - startedAt) / 1000);
    results.targets = [
      ...checkTargets(results),
      ...adminVerdicts(results.scales.at(-1)),
      ...analyticsVerdicts(results.analytics),
      ...followsVerdicts(results.follows),
    ];
    fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const failed = results.failedSteps.map((failure) => `- ${failure.step}: ${failure.error}`);
    process.stdout.write(
      `${failed.length ? `Failed steps (their figures are missing):\n${failed.join('\n')}\n\n` : ''}${table(results)}\n\n${['| articles | admin scenario | | p50 ms | p95 ms | p99 ms | | | notes |', '|---:|---|---|---:|---:|---:|---|---|---|', ...results.scales.flatMap(adminRows)].join('\n')}\n${results.analytics ? `\n${analyticsRows(results.analytics).join('\n')}\n` : ''}${results.follows ? `\n${followsRows(results.follows).join('\n')}\n` : ''}`,
    );
  } catch (error) {
    log(`Could not report the results: ${error.stack ?? error}`);
    fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  }
}

/**
 * The one way the run ends: the results written, then every process it started stopped (the API and
 * workers first, the datastores last, then whatever is still running below this process), then exit.
 * A second call (a signal during the first) waits for the first.
 */
function finish(code, failure) {
  finishing ??= (async () => {
    try {
      // A step failed just before (by a signal) records itself first.
      await new Promise((resolve) => setImmediate(resolve));
      if (failure) {
        log(`${phase}: FAILED: ${failure?.stack ?? failure}`);
        results.failedSteps.push({ step: phase, error: failure?.message ?? String(failure) });
      }
      writeResults();
      log(
        `${results.failedSteps.length ? `Finished with ${results.failedSteps.length} failed step(s)` : 'Done'} in ${results.durationSeconds} s; figures in bench/results.json.`,
      );
    } finally {
      await stopEverything();
      process.exit(code || (results.failedSteps.length ? 1 : 0));
    }
  })();
  return finishing;
}

/** Stops what the run started, in order; what will not stop within a minute is killed. */
async function stopEverything() {
  const orderly = (async () => {
    await stopAllChildren();
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`Cleanup failed: ${error.message}`));
  })();
  await Promise.race([orderly, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  const killed = killLeftovers();
  if (killed.length) log(`Killed ${killed.length} process(es) that had not stopped: ${killed.join(', ')}`);
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    const interrupted = new Error(`interrupted by ${signal}`);
    // The step that is running fails with it; between steps, the phase does.
    const failStep = failRunningStep;
    failStep?.(interrupted);
    void finish(code, failStep ? undefined : interrupted);
  });
}
// An error nothing caught (a browser page crashing under Playwright or Lighthouse) fails the step that
// is running, and the run goes on; outside a step it ends the run, through the same finish.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => (failRunningStep ? failRunningStep(error) : void finish(1, error)));
}

main().then(
  () => finish(0),
  (error) => finish(1, error),
);
