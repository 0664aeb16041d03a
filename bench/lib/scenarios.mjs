// The measured scenarios: read endpoints against the bare baseline, cold search, interactions with
// exact counter checks, and image regeneration with one and two workers.
import http from 'node:http';
import pg from 'pg';
import { ask } from './processes.mjs';

export const CONNECTIONS = 50;

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value) => value?.toFixed(1);

/**
 * One answer of the API, kept byte for byte for the bare server: as sent, compressed when `headers`
 * asked for it (node:http, which never decodes, rather than fetch, which does).
 */
function capture(baseUrl, path, { method = 'GET', headers = {}, body: sent } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode < 200 || response.statusCode >= 300) {
          reject(new Error(`${method} ${path} answered ${response.statusCode}: ${body.toString().slice(0, 200)}`));
          return;
        }
        resolve({
          status: response.statusCode,
          contentType: response.headers['content-type'],
          contentEncoding: response.headers['content-encoding'],
          body: body.toString('base64'),
          bytes: body.length,
        });
      });
    });
    request.on('error', reject);
    request.end(sent);
  });
}

/** Alternating rounds, so that machine noise hits the API and the baseline alike. */
function alternating(seconds) {
  const half = Math.max(1, seconds / 2);
  return [
    { target: 'api', seconds: half },
    { target: 'bare', seconds: half },
    { target: 'bare', seconds: half },
    { target: 'api', seconds: half },
  ];
}

const ratio = (api, bare) => (bare.requestsPerSecond ? Number((api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)) : null);

/**
 * A read endpoint at CONNECTIONS connections against the bare server answering the same bytes.
 * `paths` rotate (e.g. popular searches); the baseline answers the first one's bytes.
 */
export async function measureRead({ name, paths, headers, apiUrl, bareUrl, bare, load, seconds }) {
  const sample = await capture(apiUrl, paths[0], { headers });
  await ask(bare, { answers: { GET: sample } });
  const scenario = paths.length === 1 ? { kind: 'fixed', path: paths[0], headers } : { kind: 'paths', paths, headers };
  const result = await ask(load, {
    targets: { api: apiUrl, bare: bareUrl },
    scenario,
    connections: CONNECTIONS,
    warmup: { seconds: 2 },
    rounds: alternating(seconds),
  });
  log(`${name}: ${result.api.requestsPerSecond} req/s (bare ${result.bare.requestsPerSecond}), p50 ${ms(result.api.p50)} ms, p99 ${ms(result.api.p99)} ms`);
  return { name, path: paths[0], bytes: sample.bytes, api: result.api, bare: result.bare, ratio: ratio(result.api, result.bare) };
}

/** Searches nobody made before in this run (no cached page), one at a time: the query's own latency. */
export async function measureColdSearch({ apiUrl, load, terms, categories, seconds }) {
  // Every combination of term, category, page and page size is its own cache entry.
  const paths = [];
  for (const page of [0, 1, 2]) {
    for (const limit of [12, 10, 8, 6]) {
      for (const category of [null, ...categories]) {
        for (const term of terms) {
          const params = new URLSearchParams({ approved: 'true', search: term, limit: String(limit) });
          if (category) params.set('category', category);
          if (page) params.set('cursor', Buffer.from(JSON.stringify({ o: page * limit })).toString('base64url'));
          paths.push(`/api/articles?${params}`);
        }
      }
    }
  }
  const result = await ask(load, { targets: { api: apiUrl }, scenario: { kind: 'paths', paths }, connections: 1, rounds: [{ target: 'api', seconds }] });
  log(`cold search: ${result.api.requests} distinct searches, p50 ${ms(result.api.p50)} ms, p95 ${ms(result.api.p95)} ms, p99 ${ms(result.api.p99)} ms`);
  if (result.api.requests > paths.length) log(`cold search: only ${paths.length} distinct searches; some were served from the cache`);
  return { name: 'cold search', connections: 1, distinct: Math.min(paths.length, result.api.requests), api: result.api };
}

async function counters(databaseUrl, ids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select id, likes, shares from article where id = any($1::int[])', [ids]);
    return new Map(rows.map((row) => [row.id, row]));
  } finally {
    await client.end();
  }
}

/**
 * CONNECTIONS concurrent readers liking and sharing, each request from a new client address; every
 * 2xx answer must be one increment in PostgreSQL, no more and no less.
 */
export async function measureInteractions({ apiUrl, bareUrl, bare, load, databaseUrl, articleIds, spareArticleId, clientOffset, amount, seconds }) {
  const sample = await capture(apiUrl, '/api/interactions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: JSON.stringify({ articleId: spareArticleId, type: 'like' }),
  });
  await ask(bare, { answers: { POST: sample } });
  const before = await counters(databaseUrl, articleIds);
  const half = Math.round(amount / 2);
  const result = await ask(load, {
    targets: { api: apiUrl, bare: bareUrl },
    scenario: { kind: 'interactions', articleIds, clientOffset },
    connections: CONNECTIONS,
    warmup: { amount: 1000 },
    rounds: [
      { target: 'api', amount: half },
      { target: 'bare', seconds },
      { target: 'bare', seconds },
      { target: 'api', amount: half },
    ],
  });
  const after = await counters(databaseUrl, articleIds);
  let expected = 0;
  let actual = 0;
  let lost = 0;
  let extra = 0;
  for (const id of articleIds) {
    for (const [type, column] of [
      ['like', 'likes'],
      ['share', 'shares'],
    ]) {
      const ok = result.counts[`${type}:${id}`] ?? 0;
      const delta = after.get(id)[column] - before.get(id)[column];
      expected += ok;
      actual += delta;
      lost += Math.max(0, ok - delta);
      extra += Math.max(0, delta - ok);
    }
  }
  log(`interactions: ${result.api.requestsPerSecond} req/s (bare ${result.bare.requestsPerSecond}); ${expected} acknowledged, ${actual} counted, lost ${lost}`);
  return {
    name: 'POST /api/interactions',
    api: result.api,
    bare: result.bare,
    ratio: ratio(result.api, result.bare),
    acknowledged: expected,
    counted: actual,
    lostIncrements: lost,
    extraIncrements: extra,
    articles: articleIds.length,
  };
}

/** Regenerates the images of `ids` through the admin API and times it until every article has its new image. */
export async function measureImages({ apiUrl, admin, databaseUrl, ids, workers }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update article set image_url = null where id = any($1::int[])', [ids]);
    const started = performance.now();
    const request = fetch(`${apiUrl}/api/admin/regenerate-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...admin.headers },
      body: JSON.stringify({ blogIds: ids }),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`regenerate-images answered ${response.status}: ${await response.text()}`);
    });
    let failure = null;
    request.catch((error) => (failure = error));
    for (;;) {
      if (failure) throw failure;
      const {
        rows: [{ done }],
      } = await client.query('select count(*)::int as done from article where id = any($1::int[]) and image_url is not null', [ids]);
      if (done === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    await request;
    const jobsPerSecond = Number((ids.length / seconds).toFixed(1));
    log(`images with ${workers} worker(s): ${ids.length} in ${seconds.toFixed(1)} s, ${jobsPerSecond} jobs/s`);
    return { workers, jobs: ids.length, seconds: Number(seconds.toFixed(2)), jobsPerSecond };
  } finally {
    await client.end();
  }
}
