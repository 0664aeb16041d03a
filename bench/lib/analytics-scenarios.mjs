// The Analytics tab at 10 million page views: seeded in SQL through the product's own insert path
// (the rollup trigger runs for every statement), then each chart route timed one request at a time,
// an editor's own wait, over the ranges the tab offers.
import pg from 'pg';

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

export const ANALYTICS_TARGETS = { chartP95Ms: 200 };

const CHARTS = ['views', 'articles', 'categories', 'sources', 'countries', 'newsletter'];
/** The tab's presets, in days ending today (UTC); the week interval on the year. */
const RANGES = [
  { name: '7 days', days: 7, interval: 'day' },
  { name: '30 days', days: 30, interval: 'day' },
  { name: '12 months', days: 365, interval: 'week' },
];
const DAY_MS = 86_400_000;
/** Page views per INSERT statement: each statement's rollup work runs over its own rows. */
const ROWS_PER_STATEMENT = 250_000;

const SOURCES = [
  'direct',
  'google',
  'bing',
  'duckduckgo',
  'twitter',
  'facebook',
  'linkedin',
  'reddit',
  'newsletter',
  'news.ycombinator.com',
  'theverge.com',
  'medium.com',
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'CA', 'AU', 'NL', 'ES', 'IT', 'BR', 'JP', 'SE', 'IE', 'PL', 'MX', 'ZA', 'NG', 'KR', 'SG'];
const OTHER_PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/category/Technology',
  '/category/Politics',
  '/category/Economics',
  '/category/Culture',
  '/category/Global Events',
];

const dayOf = (time) => new Date(time).toISOString().slice(0, 10);

function percentile(sorted, p) {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
}

/**
 * `total` page views over the last `days` days, about 27,000 a day at 10 million: two in three on an
 * article page, the articles' popularity skewed (a few are read a lot, most now and then), sources
 * and countries skewed likewise, a tenth with no country. And 50,000 newsletter sign-ups.
 */
export async function seedPageViews(databaseUrl, { total, days }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create temporary table bench_path (n serial primary key, path text not null)`);
    await client.query(`insert into bench_path (path) select '/' || category_slug || '/article/' || slug from article where approved order by id`);
    const articles = (await client.query(`select count(*)::int as n from bench_path`)).rows[0].n;
    await client.query(`create temporary table bench_other (n int primary key, path text not null)`);
    await client.query(`insert into bench_other select n, path from unnest($1::text[]) with ordinality as t(path, n)`, [OTHER_PAGES]);
    await client.query(`create temporary table bench_source (n int primary key, source text not null)`);
    await client.query(`insert into bench_source select n, source from unnest($1::text[]) with ordinality as t(source, n)`, [SOURCES]);
    await client.query(`create temporary table bench_country (n int primary key, country text)`);
    await client.query(`insert into bench_country select n, country from unnest($1::text[]) with ordinality as t(country, n)`, [[...COUNTRIES, null, null]]);
    const end = Date.parse(`${dayOf(Date.now())}T00:00:00Z`) + DAY_MS;
    const start = end - days * DAY_MS;
    const perMs = total / (end - start);
    for (let first = 0; first < total; first += ROWS_PER_STATEMENT) {
      const count = Math.min(ROWS_PER_STATEMENT, total - first);
      // Row g of the whole seed happens at start + g / perMs: spread evenly over the days, in order.
      await client.query(
        `insert into page_view (path, title, source, country, created_at)
         select case when r.article then p.path else o.path end, null, s.source, c.country, r.at
         from (
           select to_timestamp(($1::float8 + g / $2::float8) / 1000) as at, random() < 0.67 as article,
                  1 + floor($3 * power(random(), 4))::int as path_n, 1 + floor(${OTHER_PAGES.length} * power(random(), 2))::int as other_n,
                  1 + floor(${SOURCES.length} * power(random(), 2))::int as source_n, 1 + floor(${COUNTRIES.length + 2} * power(random(), 1.5))::int as country_n
           from generate_series($4::bigint, $5::bigint) g
         ) r
         join bench_path p on p.n = r.path_n join bench_other o on o.n = r.other_n
         join bench_source s on s.n = r.source_n join bench_country c on c.n = r.country_n`,
        [start, perMs, articles, first, first + count - 1],
      );
      if ((first / ROWS_PER_STATEMENT) % 8 === 7) log(`  ${((first + count) / 1e6).toFixed(1)} M page views`);
    }
    await client.query(
      `insert into newsletter_subscriber (email, created_at)
       select 'reader' || g || '@example.org', to_timestamp(($1::float8 + random() * ($2::float8 - $1::float8)) / 1000) from generate_series(1, 50000) g`,
      [start, end],
    );
    await client.query('analyze');
    return { articles };
  } finally {
    await client.end();
  }
}

async function timed(apiUrl, path, admin) {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${path}`, { headers: admin.headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return performance.now() - started;
}

/** The cheapest signed-in call (the session check), timed between the charts' requests: the machine's own share of each figure. */
const BASELINE_PATH = '/api/admin/check';

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/**
 * Each chart over each range, `rounds` times, one request at a time: p50 / p95 / p99 per chart and
 * range, and the same figures of the session check, each chart request followed by one, so that load
 * from elsewhere on the machine shows in both alike.
 */
export async function measureAnalytics({ apiUrl, admin, databaseUrl, pageViews, days = 365, rounds = 20 }) {
  log(`Seeding ${pageViews.toLocaleString('en')} page views over ${days} days...`);
  const seedStart = Date.now();
  const { articles } = await seedPageViews(databaseUrl, { total: pageViews, days });
  const seedSeconds = Number(((Date.now() - seedStart) / 1000).toFixed(1));
  log(`Seeded in ${seedSeconds} s (${articles.toLocaleString('en')} published articles viewed); measuring the charts...`);
  const today = dayOf(Date.now());
  const charts = [];
  const baseline = [];
  for (const range of RANGES) {
    const query = `from=${dayOf(Date.parse(`${today}T00:00:00Z`) - (range.days - 1) * DAY_MS)}&to=${today}&interval=${range.interval}`;
    for (const chart of CHARTS) {
      const path = `/api/admin/analytics/${chart}?${query}`;
      await timed(apiUrl, path, admin);
      const times = [];
      for (let round = 0; round < rounds; round++) {
        times.push(await timed(apiUrl, path, admin));
        baseline.push(await timed(apiUrl, BASELINE_PATH, admin));
      }
      charts.push({ chart, range: range.name, ...summary(times) });
    }
  }
  const worst = charts.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const check = summary(baseline);
  log(`analytics: worst chart p95 ${worst.p95} ms (${worst.chart}, ${worst.range}); session check between them p95 ${check.p95} ms`);
  return { pageViews, days, articles, seedSeconds, charts, baseline: { path: BASELINE_PATH, ...check } };
}

/** One verdict per chart and range. */
export function analyticsVerdicts(analytics) {
  if (!analytics) return [];
  const at = `${(analytics.pageViews / 1e6).toLocaleString('en')} M page views`;
  return analytics.charts.map((chart) => ({
    name: `analytics ${chart.chart}, ${chart.range}, at ${at}: p95 ms`,
    met: chart.p95 < ANALYTICS_TARGETS.chartP95Ms,
    actual: chart.p95,
    target: `< ${ANALYTICS_TARGETS.chartP95Ms}`,
  }));
}

/** Rows for the results table. */
export function analyticsRows(analytics) {
  if (!analytics) return [];
  return [
    '| chart | range | p50 ms | p95 ms | p99 ms | requests |',
    '|---|---|---:|---:|---:|---:|',
    ...analytics.charts.map(
      (chart) => `| GET /api/admin/analytics/${chart.chart} | ${chart.range} | ${chart.p50} | ${chart.p95} | ${chart.p99} | ${chart.requests} |`,
    ),
    `| GET ${analytics.baseline.path} (baseline, between the charts' requests) | all | ${analytics.baseline.p50} | ${analytics.baseline.p95} | ${analytics.baseline.p99} | ${analytics.baseline.requests} |`,
    '',
    `${analytics.pageViews.toLocaleString('en')} page views over ${analytics.days} days on ${analytics.articles.toLocaleString('en')} published articles, seeded in ${analytics.seedSeconds} s through the rollup trigger.`,
  ];
}
