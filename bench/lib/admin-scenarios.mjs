// The admin panel at scale: Article Management's list and search latency, one request at a time (an
// editor's own wait, not throughput), and what its first view of the articles transfers.

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

export const ADMIN_TARGETS = { listP95Ms: 50, searchP95Ms: 50, firstViewKb: 100 };

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
}

async function timed(apiUrl, path, admin) {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${path}`, { headers: admin.headers });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length, next: response.headers.get('x-next-cursor'), json: () => JSON.parse(body.toString()) };
}

async function latencies(apiUrl, admin, paths, rounds) {
  const times = [];
  for (let round = 0; round < rounds; round++) for (const path of paths) times.push((await timed(apiUrl, path, admin)).ms);
  times.sort((a, b) => a - b);
  return { requests: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/**
 * Article Management at this scale: the first page of each order and filter, a page deep in the
 * archive (by cursor), searches by a word of a title; and the bytes of its first view (the list page
 * an editor opens, then one article in the editor), uncompressed.
 */
export async function measureAdmin({ apiUrl, admin, terms, rounds = 10 }) {
  // Walk 40 pages into the newest-first order for a cursor deep in the archive.
  let deep = '/api/admin/articles';
  for (let page = 0; page < 40; page++) {
    const next = (await timed(apiUrl, deep, admin)).next;
    if (!next) break;
    deep = `/api/admin/articles?cursor=${next}`;
  }
  const listPaths = [
    '/api/admin/articles',
    '/api/admin/articles?status=published',
    '/api/admin/articles?status=draft',
    '/api/admin/articles?category=Technology',
    '/api/admin/articles?sort=likes',
    '/api/admin/articles?sort=oldest',
    deep,
  ];
  const searchPaths = terms
    .slice(0, 10)
    .flatMap((term) => [`/api/admin/articles?search=${encodeURIComponent(term)}`, `/api/admin/articles?search=${encodeURIComponent(term)}&status=published`]);
  const list = await latencies(apiUrl, admin, listPaths, rounds);
  const search = await latencies(apiUrl, admin, searchPaths, Math.max(1, Math.round(rounds / 2)));
  const first = await timed(apiUrl, '/api/admin/articles', admin);
  const [newest] = first.json();
  const editor = await timed(apiUrl, `/api/admin/articles/${newest.id}`, admin);
  const firstView = { listBytes: first.bytes, articleBytes: editor.bytes, totalKb: Number(((first.bytes + editor.bytes) / 1024).toFixed(1)) };
  log(
    `admin list: p50 ${list.p50} ms, p95 ${list.p95} ms; admin search: p50 ${search.p50} ms, p95 ${search.p95} ms; first article view ${firstView.totalKb} KB`,
  );
  return { list, search, firstView };
}

/** The admin figures' verdicts, at the largest scale measured. */
export function adminVerdicts(scale) {
  const admin = scale?.admin;
  if (!admin) return [];
  const at = scale.articles;
  return [
    { name: `admin list at ${at}: p95 ms`, met: admin.list.p95 < ADMIN_TARGETS.listP95Ms, actual: admin.list.p95, target: `< ${ADMIN_TARGETS.listP95Ms}` },
    {
      name: `admin search at ${at}: p95 ms`,
      met: admin.search.p95 < ADMIN_TARGETS.searchP95Ms,
      actual: admin.search.p95,
      target: `< ${ADMIN_TARGETS.searchP95Ms}`,
    },
    {
      name: `admin first article view at ${at}: KB`,
      met: admin.firstView.totalKb < ADMIN_TARGETS.firstViewKb,
      actual: admin.firstView.totalKb,
      target: `< ${ADMIN_TARGETS.firstViewKb}`,
    },
  ];
}

/** Rows for the results table. */
export function adminRows(scale) {
  const admin = scale.admin;
  if (!admin) return [];
  const at = scale.articles.toLocaleString('en');
  return [
    `| ${at} | admin list, 1 connection | | ${admin.list.p50} | ${admin.list.p95} | ${admin.list.p99} | | | ${admin.list.requests} requests |`,
    `| ${at} | admin search, 1 connection | | ${admin.search.p50} | ${admin.search.p95} | ${admin.search.p99} | | | ${admin.search.requests} requests |`,
    `| ${at} | admin first article view | | | | | | | ${admin.firstView.totalKb} KB (list ${admin.firstView.listBytes} B + editor ${admin.firstView.articleBytes} B) |`,
  ];
}
