// `npm run bench`: the benchmark suite. Builds what it needs, runs its own PostgreSQL and Redis, seeds
// 1,000, 10,000 and 100,000 published articles (then 10 million page views of them), runs the API and
// workers as production does (behind Varnish, purged by the API), drives load from a separate process
// and compares with a bare Fastify server in the same run. Progress on stderr; one table on stdout;
// figures in bench/results.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort, startPostgres, startRedis } from '../scripts/lib/services.mjs';
import { startVarnish } from '../scripts/lib/varnish.mjs';
import { NX_ENV, ROOT } from '../scripts/lib/workspace.mjs';
import { forkScript, startBackend, stopAllChildren, waitForHttp, waitForMessage } from './lib/processes.mjs';
import { CONNECTIONS, measureColdSearch, measureImages, measureInteractions, measureRead } from './lib/scenarios.mjs';
import { checkTargets, machine, table } from './lib/report.mjs';
import { adminRows, adminVerdicts, measureAdmin } from './lib/admin-scenarios.mjs';
import { analyticsRows, analyticsVerdicts, measureAnalytics } from './lib/analytics-scenarios.mjs';
import { measureChurn, measureSitemap } from './lib/attack-scenarios.mjs';
import { searchTerms, seedArticles, seedTrendingTopics } from './lib/seed.mjs';
import { measureSharedCache } from './lib/cache-scenarios.mjs';
import { measureWriterStall } from './lib/writer-scenarios.mjs';

const SCALES = (process.env.BENCH_SCALES ?? '1000,10000,100000').split(',').map(Number);
/** Seconds of measurement per read endpoint and scale, split between the API and the baseline. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 12_000);
const IMAGE_JOBS = Number(process.env.BENCH_IMAGE_JOBS ?? 500);
/** Page views seeded for the Analytics tab, over the last year. */
const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 10_000_000);
/** Parts to leave out while working on one (reads, cache, admin, interactions, images, analytics, frontend); a full run skips none. */
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const ADMIN = { username: 'bench', password: 'bench-admin-password' };
const DATA_DIR = path.join(ROOT, '.data/bench');

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const cleanups = [];
/** Workers stopped along the way; their peak memory still counts. */
const retiredWorkers = [];

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
  const startedAt = Date.now();
  log('Building (cached by Nx)...');
  await runQuiet('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream'], { ...NX_ENV, NODE_ENV: 'production' });

  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  log(`Starting PostgreSQL and Redis of the benchmark (data in ${DATA_DIR})...`);
  const postgres = await startPostgres({ dataDir: path.join(DATA_DIR, 'postgres'), port: await freePort(), database: 'ai_mind_bench', ownSignals: true });
  cleanups.push(postgres.stop);
  const redis = await startRedis({ port: await freePort() });
  cleanups.push(redis.stop);

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
  };
  await runQuiet(process.execPath, ['backend/dist/main.cli.js', 'migrate'], env);
  await runQuiet(process.execPath, ['backend/dist/main.cli.js', 'create-admin', ADMIN.username, '--role', 'owner'], env);
  await seedTrendingTopics(postgres.url);

  log(`API and workers run with NODE_OPTIONS='${env.NODE_OPTIONS}' GLIBC_TUNABLES=${env.GLIBC_TUNABLES} (from infra/Dockerfile)`);
  const logFile = path.join(DATA_DIR, 'backend.log');
  const api = startBackend('API', 'main.api.js', env, logFile);
  const workers = [startBackend('worker', 'main.worker.js', env, logFile)];
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
  const scales = [];
  let clientOffset = 0;
  let imageOffset = 0;
  for (const articles of SCALES) {
    log(`Seeding ${articles.toLocaleString('en')} published articles...`);
    const seedStart = Date.now();
    await seedArticles(postgres.url, articles);
    // The product's own invalidation, as after SQL run by hand: PostgreSQL tells every API process.
    await notifyArticleChange(postgres.url);
    log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; measuring...`);

    const slug = await (await fetch(`${apiUrl}/api/articles?approved=true&limit=1&category=Economics`)).json().then((items) => items[0].slug);
    const context = { apiUrl, bareUrl, bare, load, seconds: SECONDS };
    const memory = () =>
      log(`peak RSS so far: API ${Math.round(api.memory.peakMb)} MB, worker ${Math.round(Math.max(...workers.map((w) => w.memory.peakMb)))} MB`);
    const reads = [];
    let coldSearch;
    if (!SKIP.has('reads')) {
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
      coldSearch = await measureColdSearch({ apiUrl, load, terms: terms.slice(10), categories: ['Technology', 'Politics'], seconds: SECONDS / 2 });
      memory();
    }

    const churn = SKIP.has('churn') ? undefined : await measureChurn({ apiUrl, load, attackLoad, seconds: SECONDS });
    const writer = SKIP.has('writer') ? undefined : await measureWriterStall({ apiUrl, admin, load, databaseUrl: postgres.url });
    // The sitemap's size grows with the articles: measured at the largest scale.
    const sitemap = !SKIP.has('sitemap') && articles === SCALES.at(-1) ? await measureSitemap({ apiUrl }) : undefined;

    // A viral article and an editor's publish, through the shared cache: measured at the largest scale.
    const sharedCache =
      !SKIP.has('cache') && articles === SCALES.at(-1) ? await measureSharedCache({ varnish, apiUrl, admin, databaseUrl: postgres.url, load }) : undefined;

    const adminFigures = SKIP.has('admin') ? undefined : await measureAdmin({ apiUrl, admin, terms });

    const articleIds = spreadIds(articles, 200);
    const interactions = SKIP.has('interactions')
      ? undefined
      : await measureInteractions({
          ...context,
          databaseUrl: postgres.url,
          articleIds,
          spareArticleId: articles,
          clientOffset,
          amount: INTERACTIONS,
          seconds: SECONDS / 4,
        });
    clientOffset += INTERACTIONS + 2000;
    memory();

    let images;
    // Image work does not depend on how many articles there are: measured once, at the largest scale.
    if (IMAGE_JOBS > 0 && !SKIP.has('images') && articles === SCALES.at(-1)) {
      // Two halves each, alternating 1 and 2 workers, so that load from elsewhere on the machine hits both alike.
      const half = Math.round(IMAGE_JOBS / 2);
      const timed = { 1: { jobs: 0, seconds: 0 }, 2: { jobs: 0, seconds: 0 } };
      for (const count of [1, 2, 1, 2]) {
        while (workers.length < count) workers.push(startBackend('worker', 'main.worker.js', env, logFile));
        while (workers.length > count) {
          const retired = workers.pop();
          retiredWorkers.push(retired);
          await retired.stop();
        }
        await waitForWorkers(redis.url, count);
        const ids = spreadIds(articles, half, imageOffset++);
        const run = await measureImages({ apiUrl, admin, databaseUrl: postgres.url, ids, workers: count });
        timed[count].jobs += run.jobs;
        timed[count].seconds += run.seconds;
      }
      const second = workers.pop();
      retiredWorkers.push(second);
      await second.stop();
      const runs = [1, 2].map((count) => ({
        workers: count,
        jobs: timed[count].jobs,
        seconds: Number(timed[count].seconds.toFixed(1)),
        jobsPerSecond: Number((timed[count].jobs / timed[count].seconds).toFixed(1)),
      }));
      images = { runs, ratio: Number((runs[1].jobsPerSecond / runs[0].jobsPerSecond).toFixed(2)) };
      memory();
    }
    scales.push({ articles, reads, coldSearch, churn, writer, sitemap, sharedCache, admin: adminFigures, interactions, images });
  }

  // The page views' articles are those of the largest scale; measured once, after the article scales.
  const analytics = SKIP.has('analytics') ? undefined : await measureAnalytics({ apiUrl, admin, databaseUrl: postgres.url, pageViews: PAGE_VIEWS });

  const slug = await (await fetch(`${apiUrl}/api/articles?approved=true&limit=1`)).json().then((items) => items[0].slug);
  const frontend = SKIP.has('frontend')
    ? { note: 'not measured (skipped)' }
    : await measureFrontend(apiUrl, slug).catch((error) => {
        log(`public pages: measurement failed: ${error.message}`);
        return { note: `measurement failed (${error.message})` };
      });

  api.memory.sample();
  workers.forEach((worker) => worker.memory.sample());
  const results = {
    machine: machine(),
    connections: CONNECTIONS,
    durationSeconds: Math.round((Date.now() - startedAt) / 1000),
    scales,
    analytics,
    memory: {
      apiPeakMb: Math.round(api.memory.peakMb),
      workerPeakMb: Math.round(Math.max(...[...workers, ...retiredWorkers].map((worker) => worker.memory.peakMb))),
    },
    frontend,
  };
  results.targets = [...checkTargets(results), ...adminVerdicts(results.scales.at(-1)), ...analyticsVerdicts(analytics)];
  fs.writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `${table(results)}\n\n${['| articles | admin scenario | | p50 ms | p95 ms | p99 ms | | | notes |', '|---:|---|---|---:|---:|---:|---|---|---|', ...results.scales.flatMap(adminRows)].join('\n')}\n${analytics ? `\n${analyticsRows(analytics).join('\n')}\n` : ''}`,
  );
  log(`Done in ${results.durationSeconds} s; figures in bench/results.json.`);
}

async function shutdown(code) {
  await stopAllChildren();
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`Cleanup failed: ${error.message}`));
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

main().then(
  () => shutdown(0),
  async (error) => {
    log(error.stack ?? String(error));
    await shutdown(1);
  },
);
