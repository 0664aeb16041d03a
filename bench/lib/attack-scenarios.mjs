// What an anonymous client can make the server do (issue 27): the cached read measured while
// clients churn requests the server has never seen, and the sitemap at the largest scale.
import { gunzipSync } from 'node:zlib';
import { ask } from './processes.mjs';

/** The churning clients: each request new (a Host, a made-up cursor, an unknown category). */
export const CHURN_CONNECTIONS = 3;
export const CHURN_READ_P50_MS = 25;
const CACHED_READ = '/api/articles?approved=true';

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value) => value?.toFixed(1);

/**
 * The cached list read one request at a time, alone and then while CHURN_CONNECTIONS clients of
 * another process churn (each from its own load process: neither slows the other's timing).
 */
export async function measureChurn({ apiUrl, load, attackLoad, seconds }) {
  // As on a running site: the home page rendered and prepared, the compression thread started.
  for (const path of ['/', '/', CACHED_READ]) await (await fetch(`${apiUrl}${path}`, { headers: { 'accept-encoding': 'gzip, br' } })).arrayBuffer();
  const read = (secs) =>
    ask(load, {
      targets: { api: apiUrl },
      scenario: { kind: 'fixed', path: CACHED_READ },
      connections: 1,
      warmup: { seconds: 1 },
      rounds: [{ target: 'api', seconds: secs }],
    });
  const alone = await read(Math.max(1, seconds / 2));
  const [during, attack] = await Promise.all([
    read(seconds),
    ask(attackLoad, { targets: { api: apiUrl }, scenario: { kind: 'churn' }, connections: CHURN_CONNECTIONS, rounds: [{ target: 'api', seconds }] }),
  ]);
  log(
    `churn: cached read p50 ${ms(during.api.p50)} ms (alone ${ms(alone.api.p50)} ms), p99 ${ms(during.api.p99)} ms; ${attack.api.requests} churned requests (${attack.api.requestsPerSecond}/s, ${attack.api.non2xx} not 2xx)`,
  );
  return { name: `cached read under churn (${CHURN_CONNECTIONS} clients)`, path: CACHED_READ, alone: alone.api, api: during.api, attack: attack.api };
}

/** The sitemap index and each of its files, as a crawler reads them: bytes, URLs and time. */
export async function measureSitemap({ apiUrl }) {
  const started = performance.now();
  const index = await (await fetch(`${apiUrl}/sitemap.xml`)).text();
  const files = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const fileStarted = performance.now();
    const response = await fetch(`${apiUrl}${new URL(loc).pathname}`);
    const gzip = Buffer.from(await response.arrayBuffer());
    const firstMs = performance.now() - fileStarted;
    const againStarted = performance.now();
    await (await fetch(`${apiUrl}${new URL(loc).pathname}`)).arrayBuffer();
    const againMs = performance.now() - againStarted;
    const xml = gunzipSync(gzip).toString('utf8');
    files.push({
      path: new URL(loc).pathname,
      status: response.status,
      gzipBytes: gzip.length,
      xmlBytes: Buffer.byteLength(xml),
      urls: (xml.match(/<url>/g) ?? []).length,
      firstMs: Number(firstMs.toFixed(1)),
      againMs: Number(againMs.toFixed(1)),
    });
  }
  const totalMs = performance.now() - started;
  log(
    `sitemap: ${files.length} files, ${files.map((f) => `${f.urls} URLs in ${f.gzipBytes} B gzip (${f.xmlBytes} B XML), first ${ms(f.firstMs)} ms, again ${ms(f.againMs)} ms`).join('; ')}`,
  );
  return { indexBytes: Buffer.byteLength(index), files, totalMs: Number(totalMs.toFixed(1)) };
}
