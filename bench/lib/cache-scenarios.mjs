// The shared HTTP cache in front of the API (infra/varnish, started by scripts/lib/varnish.mjs): a
// burst of readers on one article that is not cached yet, and the time from an editor's publish to
// the article showing in the home list as readers get it through the cache.
import pg from 'pg';
import { ask } from './processes.mjs';
import { CONNECTIONS } from './scenarios.mjs';

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every purge is due 400 ms after its commit and sent within about a second: wait that out between steps. */
const PURGES_SETTLE_MS = 1500;

/** Requests Varnish sent to the API so far (misses, passes and refetches; its health probes are not requests). */
const originRequests = (varnish) => varnish.stats()['MAIN.s_fetch'];

async function insertArticle(client, { title, slug, approved }) {
  const { rows } = await client.query(
    `insert into article (title, slug, content, category, ai_commentary, approved, created_at, updated_at)
     values ($1, $2, '<p>Written for the shared cache benchmark.</p>', 'Technology', 'The AI Mind notes: cached.', $3, now(), now()) returning id`,
    [title, slug, approved],
  );
  return rows[0].id;
}

/**
 * `burstRequests` readers at CONNECTIONS connections ask for one article page that was just published
 * (nothing cached): how many requests reached the API per 1,000 readers, the first one aside.
 */
async function measureBurst({ varnish, client, load, burstRequests, run }) {
  const slug = `shared-cache-burst-${run}`;
  await insertArticle(client, { title: `Shared cache burst ${run}`, slug, approved: true });
  await sleep(PURGES_SETTLE_MS);
  const path = `/technology/article/${slug}`;
  const before = originRequests(varnish);
  const result = await ask(load, {
    targets: { api: varnish.url },
    scenario: { kind: 'fixed', path, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } },
    connections: CONNECTIONS,
    rounds: [{ target: 'api', amount: burstRequests }],
  });
  const origin = originRequests(varnish) - before;
  const perThousandAfterFirst = Number(((Math.max(0, origin - 1) / burstRequests) * 1000).toFixed(2));
  log(
    `burst of ${burstRequests} readers on one new article through Varnish: ${result.api.requestsPerSecond} req/s, p99 ${result.api.p99} ms, ${origin} origin requests (${perThousandAfterFirst} per 1,000 after the first)`,
  );
  return { path, requests: burstRequests, originRequests: origin, originPerThousandAfterFirst: perThousandAfterFirst, api: result.api };
}

/**
 * `publishes` times: a draft is published through the admin API while a reader polls the home list
 * through the cache every `pollMs`; the time from sending the publish to the first list showing it.
 */
async function measurePublishToVisible({ varnish, apiUrl, admin, client, publishes, run, pollMs = 10 }) {
  const list = `${varnish.url}/api/articles?approved=true`;
  const timings = [];
  for (let i = 0; i < publishes; i++) {
    const slug = `shared-cache-publish-${run}-${i}`;
    const id = await insertArticle(client, { title: `Shared cache publish ${run} ${i}`, slug, approved: false });
    await sleep(PURGES_SETTLE_MS);
    // The list is cached, as on a busy site.
    await fetch(list).then((response) => response.text());
    const started = performance.now();
    const published = fetch(`${apiUrl}/api/admin/approve-blog`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ blogId: id }),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`publish answered ${response.status}: ${await response.text()}`);
    });
    for (;;) {
      const body = await fetch(list).then((response) => response.text());
      if (body.includes(`"slug":"${slug}"`)) break;
      if (performance.now() - started > 10_000) throw new Error(`a publish was not visible through the cache within 10 s (${slug})`);
      await sleep(pollMs);
    }
    timings.push(performance.now() - started);
    await published;
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
  const figures = { publishes, p50: at(50), p95: at(95), p99: at(99), max: Number(sorted.at(-1).toFixed(1)) };
  log(`publish to visible in the home list through Varnish (${publishes} publishes): p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
  return figures;
}

let runs = 0;

/** Both measurements, with their own articles (published and drafts written in SQL, as an import would). */
export async function measureSharedCache({ varnish, apiUrl, admin, databaseUrl, load, burstRequests = 10_000, publishes = 30 }) {
  const run = `${Date.now().toString(36)}-${runs++}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const burst = await measureBurst({ varnish, client, load, burstRequests, run });
    const publishToVisible = await measurePublishToVisible({ varnish, apiUrl, admin, client, publishes, run });
    return { burst, publishToVisible };
  } finally {
    await client.end();
  }
}
