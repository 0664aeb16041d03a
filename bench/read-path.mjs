// `node bench/read-path.mjs <other-tree>`: the read path measured side by side, this tree's build
// ("this") against another checkout's (e.g. `git worktree add /tmp/base <commit>`, built), in one
// run: one PostgreSQL seeded once, an API process and a Redis of its own for each tree (no cache of one
// serves the other), the requests alternating between the two so that load from elsewhere on the
// machine hits both alike. Both trees must be built (`npx nx run-many -t build`). Measures:
// - cold article pages: distinct articles never asked for, one request at a time (render and reads);
// - warm reads under load: the home and article pages' HTML and the API's article and list JSON;
// - the source files a cold `GET /:category/article/:slug` crosses: a third API process per tree with
//   bench/lib/coverage-probe.mjs, which names every file whose code ran while the request was served.
// Progress on stderr, one table on stdout, figures in bench/read-path-results.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startPostgres, startRedis } from '../scripts/lib/services.mjs';
import { ROOT } from '../scripts/lib/workspace.mjs';
import { ask, forkScript, stopAllChildren } from './lib/processes.mjs';
import { seedArticles } from './lib/seed.mjs';

const OTHER = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!OTHER || !fs.existsSync(path.join(OTHER, 'backend/dist/main.api.js'))) {
  process.stderr.write('Usage: node bench/read-path.mjs <another checkout, built>\n');
  process.exit(2);
}
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1000);
/** Seconds of load per warm read and tree. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const COLD_PAGES = Number(process.env.BENCH_COLD_PAGES ?? 40);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DATA_DIR = path.join(ROOT, '.data/bench-read-path');
const TREES = { other: OTHER, this: ROOT };

const log = (message) => process.stderr.write(`[read-path] ${message}\n`);
const cleanups = [];
const processes = [];

/** The product's own slug of a category (as categorySlug in @ai-mind/contracts). */
const categorySlug = (category) =>
  category
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '-');

async function waitForHealth(url, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** An API process of `tree` (its own built dist and web build) on its own port and Redis. */
async function startApi(tree, env, nodeArgs = []) {
  const port = await freePort();
  const logFile = path.join(DATA_DIR, `api-${path.basename(tree)}-${port}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, path.join(tree, 'backend/dist/main.api.js')], {
    cwd: tree,
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WEB_DIST_ROOT: tree },
    stdio: ['ignore', out, out],
  });
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return { url, child, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

async function timed(url) {
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** The project files (and the packages) whose code ran during one cold article page, per tree. */
async function filesCrossed(tree, env, [warmUp, measured]) {
  const file = path.join(DATA_DIR, `coverage-${path.basename(tree)}.json`);
  const api = await startApi(tree, { ...env, READ_PATH_COVERAGE_FILE: file }, ['--import', path.join(ROOT, 'bench/lib/coverage-probe.mjs')]);
  const take = async () => {
    fs.rmSync(file, { force: true });
    api.child.kill('SIGUSR2');
    while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  };
  try {
    // Every module the page needs loaded, and the server entry imported, by another article's page.
    await timed(`${api.url}${warmUp}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await take();
    await timed(`${api.url}${measured}`);
    const called = await take();
    const relative = called.map(({ url, functions }) => ({ file: path.relative(tree, new URL(url).pathname), functions }));
    const own = relative.filter(({ file }) => !file.startsWith('..') && !file.includes('node_modules/') && !file.startsWith('bench/'));
    const packages = new Set(
      relative.filter(({ file }) => file.includes('node_modules/')).map(({ file }) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)[1]),
    );
    const functions = own.reduce((sum, { functions: called }) => sum + called, 0);
    return { own: own.length, functions, ownFiles: own.map(({ file, functions }) => `${file} (${functions})`).sort(), packages: [...packages].sort() };
  } finally {
    await api.stop();
  }
}

async function main() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const postgres = await startPostgres({ dataDir: path.join(DATA_DIR, 'postgres'), port: await freePort(), database: 'ai_mind_read_path', ownSignals: true });
  cleanups.push(postgres.stop);
  const base = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: postgres.url,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'true',
    // Each API names its own origin (startApi); the CLI's is never used.
    PUBLIC_URL: 'http://127.0.0.1',
    MEDIA_DIR: path.join(DATA_DIR, 'media'),
    BACKUP_DIR: path.join(DATA_DIR, 'backups'),
  };
  const envs = {};
  for (const name of Object.keys(TREES)) {
    const redis = await startRedis({ port: await freePort() });
    cleanups.push(() => redis.stop());
    envs[name] = { ...base, REDIS_URL: redis.url };
  }
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['backend/dist/main.cli.js', 'migrate'], { cwd: ROOT, env: envs.this, stdio: ['ignore', 2, 2] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrate failed (exit ${code})`))));
  });
  log(`Seeding ${ARTICLES} published articles...`);
  await seedArticles(postgres.url, ARTICLES);

  const apis = {};
  for (const [name, tree] of Object.entries(TREES)) {
    apis[name] = await startApi(tree, envs[name]);
    log(`${name} (${tree}): ${apis[name].url}`);
  }
  // The newest articles, a list page at a time (as the site pages through them).
  const articles = [];
  for (let cursor = null; articles.length < COLD_PAGES + 3;) {
    const response = await fetch(`${apis.this.url}/api/articles?approved=true&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    articles.push(...(await response.json()));
    cursor = response.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  const pagePath = (article) => `/${categorySlug(article.category)}/article/${article.slug}`;
  const results = { articles: ARTICLES, seconds: SECONDS, connections: CONNECTIONS, trees: TREES, cold: {}, warm: [], files: {} };

  // Cold pages: each article asked for once per tree, which goes first alternating.
  const coldTimes = { other: [], this: [] };
  const cold = articles.slice(2, 2 + COLD_PAGES);
  for (const [i, article] of cold.entries()) {
    const order = i % 2 === 0 ? ['other', 'this'] : ['this', 'other'];
    for (const name of order) coldTimes[name].push(await timed(`${apis[name].url}${pagePath(article)}`));
  }
  for (const name of Object.keys(TREES)) {
    const times = coldTimes[name];
    results.cold[name] = { pages: times.length, p50: percentile(times, 50), p95: percentile(times, 95), mean: times.reduce((a, b) => a + b, 0) / times.length };
  }
  log(`cold article page: this p50 ${results.cold.this.p50.toFixed(1)} ms, other p50 ${results.cold.other.p50.toFixed(1)} ms`);

  // Warm reads under load, alternating between the trees.
  const load = forkScript('load-client.mjs');
  const article = articles[0];
  for (const [name, scenario] of [
    ['home page HTML', { kind: 'fixed', path: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } }],
    ['article page HTML', { kind: 'fixed', path: pagePath(article), headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } }],
    ['GET /api/articles/slug/{slug}', { kind: 'fixed', path: `/api/articles/slug/${article.slug}` }],
    ['GET /api/articles?approved=true', { kind: 'fixed', path: '/api/articles?approved=true' }],
  ]) {
    const half = SECONDS / 2;
    const result = await ask(load, {
      targets: { other: apis.other.url, this: apis.this.url },
      scenario,
      connections: CONNECTIONS,
      warmup: { seconds: 1 },
      rounds: [
        { target: 'other', seconds: half },
        { target: 'this', seconds: half },
        { target: 'this', seconds: half },
        { target: 'other', seconds: half },
      ],
    });
    results.warm.push({ name, other: result.other, this: result.this });
    log(
      `${name}: this ${result.this.requestsPerSecond} req/s p50 ${result.this.p50} ms; other ${result.other.requestsPerSecond} req/s p50 ${result.other.p50} ms`,
    );
  }
  load.kill();

  // Files crossed: the live APIs stopped first, so that only the probed one runs.
  for (const name of Object.keys(TREES)) await apis[name].stop();
  for (const name of Object.keys(TREES)) {
    results.files[name] = await filesCrossed(TREES[name], envs[name], [pagePath(articles[1]), pagePath(articles.at(-1))]);
    log(`files a cold article page crosses, ${name}: ${results.files[name].own} of the project's, packages ${results.files[name].packages.join(', ')}`);
  }

  fs.writeFileSync(path.join(ROOT, 'bench/read-path-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const f = (value) => (typeof value === 'number' ? value.toFixed(1) : '-');
  const rows = [
    `| read (${ARTICLES} articles) | this: req/s | p50 ms | p99 ms | other: req/s | p50 ms | p99 ms |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    `| cold article page, 1 at a time (${results.cold.this.pages} pages; p50 / p95 ms) | | ${f(results.cold.this.p50)} | ${f(results.cold.this.p95)} (p95) | | ${f(results.cold.other.p50)} | ${f(results.cold.other.p95)} (p95) |`,
    ...results.warm.map(
      (row) =>
        `| ${row.name}, ${CONNECTIONS} connections | ${row.this.requestsPerSecond} | ${f(row.this.p50)} | ${f(row.this.p99)} | ${row.other.requestsPerSecond} | ${f(row.other.p50)} | ${f(row.other.p99)} |`,
    ),
    `| project files (functions called) a cold article page crosses | ${results.files.this.own} (${results.files.this.functions}) | | | ${results.files.other.own} (${results.files.other.functions}) | | |`,
    `| packages a cold article page crosses | ${results.files.this.packages.length} | | | ${results.files.other.packages.length} | | |`,
  ];
  process.stdout.write(`${rows.join('\n')}\n`);
}

async function stop() {
  for (const child of processes) if (child.exitCode === null) child.kill('SIGTERM');
  await stopAllChildren();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}

main().then(
  () => stop().then(() => process.exit(0)),
  (error) => {
    log(`FAILED: ${error.stack ?? error}`);
    return stop().then(() => process.exit(1));
  },
);
