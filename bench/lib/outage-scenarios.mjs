// Reads while Redis is down, as figures. The fault suite (backend/test/faults/redis-restart.spec.ts)
// checks what the product promises then: reads answer from PostgreSQL, writes answer 2xx or a clear
// 503, nothing acknowledged is lost. How long those reads take is a timing, so it is measured here,
// next to the same reads with Redis up, and not asserted where a busy machine decides it.

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

/** Readers at once: a few, as the fault suite's load, so the figure is a read's own wait, not a queue. */
const READERS = 4;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
}

/** `READERS` loops reading `paths` in turn for `ms`: each read's time, and how many were not a 200. */
async function readFor(apiUrl, paths, ms) {
  const times = [];
  let failed = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: READERS }, async (_, reader) => {
      for (let n = reader; performance.now() < until; n++) {
        const started = performance.now();
        const ok = await fetch(`${apiUrl}${paths[n % paths.length]}`, { signal: AbortSignal.timeout(15_000) }).then(
          async (response) => (await response.arrayBuffer(), response.ok),
          () => false,
        );
        times.push(performance.now() - started);
        if (!ok) failed++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { requests: times.length, failed, p50: percentile(times, 50), p99: percentile(times, 99), maxMs: percentile(times, 100) };
}

/**
 * The article list and an article read for `seconds` with Redis up, then for `seconds` after Redis is
 * killed (SIGKILL); then Redis is started again and the time until the API's health check is 200 again
 * is taken. `redis` kills and starts the benchmark's Redis; its data is gone after (no append-only file),
 * so this runs after the steps that need sessions or queued work.
 */
export async function measureRedisOutage({ apiUrl, articleSlug, redis, seconds }) {
  const paths = ['/api/articles?approved=true&limit=5', `/api/articles/slug/${articleSlug}`];
  const up = await readFor(apiUrl, paths, seconds * 1000);
  await redis.kill();
  // Started again whatever happens to the reads: the steps after need it.
  const down = await readFor(apiUrl, paths, seconds * 1000).finally(() => redis.start());
  const started = performance.now();
  while (
    (await fetch(`${apiUrl}/api/health`).then(
      (response) => response.status,
      () => 0,
    )) !== 200
  ) {
    if (performance.now() - started > 60_000) throw new Error('The API did not report Redis healthy within 60 s of its restart');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const recoveryMs = Math.round(performance.now() - started);
  log(
    `reads with Redis down: p50 ${down.p50} ms, p99 ${down.p99} ms, max ${down.maxMs} ms, ${down.failed} of ${down.requests} not 200 (up: p50 ${up.p50} ms, p99 ${up.p99} ms); healthy ${recoveryMs} ms after the restart`,
  );
  return { readers: READERS, up, down, recoveryMs };
}
