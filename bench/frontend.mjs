// Public page weight and speed: first-load JS and CSS (gzip), admin bytes on public pages, the time
// from the first form or button on screen to hydrated on the phone profile, and the Lighthouse mobile
// performance score, LCP and TBT of the home, article and contact pages, each against its target.
// bench/run.mjs calls measureFrontend; `node bench/frontend.mjs <baseUrl> [articleSlug]` runs it alone
// against a started production build and prints a table.
import autocannon from 'autocannon';
import { pathToFileURL } from 'node:url';
import { launchChromium, measureFirstLoad } from './frontend/first-load.mjs';
import { measureHydrationGap } from './frontend/hydration-gap.mjs';
import { measureLighthouse } from './frontend/lighthouse.mjs';
import { killLeftovers } from './lib/processes.mjs';
import { frontendVerdicts, TARGETS } from './lib/report.mjs';
import { BENCH_CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

/** The newest published article's slug, when the caller names none. */
async function newestSlug(baseUrl) {
  const response = await fetch(new URL('/api/articles?approved=true&limit=1', baseUrl));
  if (!response.ok) throw new Error(`GET /api/articles answered ${response.status}`);
  const [article] = await response.json();
  if (!article) throw new Error('No published article to measure');
  return article.slug;
}

/**
 * Server-rendered HTML as a browser asks for it (brotli), from the page cache: requests per second and
 * latency of `durationSeconds` of load on one page, after a warm-up request renders it once.
 */
async function measureHtmlThroughput(url, durationSeconds = 5, connections = 20) {
  const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
  await fetch(url, { headers });
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  const ok = result['2xx'];
  return { htmlRequestsPerSecond: Math.round(result.requests.average), htmlP99Ms: result.latency.p99, htmlNon2xx: result.non2xx, htmlOk: ok };
}

/** What Playwright and Lighthouse say when the page or browser went away under them (a crash, an out-of-memory kill). */
const PAGE_GONE = /crash|closed|disconnected/i;

/** Runs `measure` again, once, when a browser page crashed or closed under it; any other error is the step's. */
async function retryCrashedPageOnce(what, measure, log) {
  try {
    return await measure();
  } catch (error) {
    if (!PAGE_GONE.test(String(error?.message))) throw error;
    log(`${what}: the browser page went away (${String(error.message).split('\n')[0]}); measuring it again`);
    return measure();
  }
}

export async function measureFrontend({ baseUrl, articleSlug, chromiumPath = BENCH_CHROMIUM_PATH, lighthouseRuns = 3, log = () => {} }) {
  const slug = articleSlug ?? (await newestSlug(baseUrl));
  const targets = [
    { page: 'home', url: new URL('/', baseUrl).href },
    { page: 'article', url: new URL(`/article/${encodeURIComponent(slug)}`, baseUrl).href },
    { page: 'contact', url: new URL('/contact', baseUrl).href },
  ];
  let browser;
  // A crash may take the whole browser with the page: the retry gets a new one then.
  const liveBrowser = async () => (browser?.isConnected() ? browser : (browser = await launchChromium(chromiumPath)));
  const loads = [];
  try {
    for (const target of targets) {
      const load = await retryCrashedPageOnce(
        `${target.page} page`,
        async () => {
          const { files, ...bytes } = await measureFirstLoad(await liveBrowser(), target.url);
          log(`${target.page}: ${files.length} JS/CSS files, JS ${bytes.jsGzipBytes} B gzip, CSS ${bytes.cssGzipBytes} B gzip, admin ${bytes.adminJsBytes} B`);
          const gap = await measureHydrationGap(await liveBrowser(), target.url, { log });
          return { ...target, ...bytes, ...gap };
        },
        log,
      );
      loads.push(load);
    }
  } finally {
    await browser?.close().catch(() => undefined);
  }
  for (const load of loads) {
    const html = await measureHtmlThroughput(load.url);
    log(`${load.page}: HTML from cache ${html.htmlRequestsPerSecond} req/s, p99 ${html.htmlP99Ms} ms, non-2xx ${html.htmlNon2xx}`);
    Object.assign(load, html);
  }
  const pages = [];
  for (const load of loads) {
    const { score, lcpMs, cls, tbtMs } = await retryCrashedPageOnce(
      `lighthouse ${load.page}`,
      () => measureLighthouse(load.url, { chromiumPath, runs: lighthouseRuns, log }),
      log,
    );
    const page = { ...load, lighthouseScore: score, lcpMs, cls, tbtMs };
    pages.push({ ...page, met: Object.fromEntries(frontendVerdicts(page).map((check) => [check.key, check.met])) });
  }
  return { pages };
}

function printTable({ pages }) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const verdict = (met) => (met ? 'met' : 'MISSED');
  const rows = [
    ['page', 'JS gzip', 'CSS gzip', 'admin JS', 'control shown', 'hydrated', 'gap', 'Lighthouse', 'LCP', 'CLS', 'TBT', 'HTML req/s', 'HTML p99'],
    ...pages.map((p) => [
      p.page,
      `${kb(p.jsGzipBytes)} ${verdict(p.met.firstLoadJs)}`,
      kb(p.cssGzipBytes),
      `${p.adminJsBytes} B`,
      `${(p.controlShownMs / 1000).toFixed(2)} s`,
      `${(p.hydratedMs / 1000).toFixed(2)} s`,
      `${(p.gapMs / 1000).toFixed(2)} s ${verdict(p.met.hydrationGap)}`,
      String(p.lighthouseScore),
      `${(p.lcpMs / 1000).toFixed(2)} s ${verdict(p.met.lcp)}`,
      String(p.cls),
      `${p.tbtMs} ms ${verdict(p.met.tbt)}`,
      String(p.htmlRequestsPerSecond),
      `${p.htmlP99Ms} ms`,
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column])).join('  ')}\n`);
  process.stdout.write(
    `Targets: gap < ${TARGETS.hydrationGapMs / 1000} s on the phone profile, Lighthouse mobile TBT < ${TARGETS.tbtMs} ms, LCP < ${TARGETS.lcpMs / 1000} s, first-load JS < ${TARGETS.firstLoadJsGzipBytes / 1000} KB gzip.\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [baseUrl, articleSlug] = process.argv.slice(2);
  if (!baseUrl) {
    process.stderr.write('Usage: node bench/frontend.mjs <baseUrl> [articleSlug]\n');
    process.exit(2);
  }
  // Alone, a Ctrl-C ends the browsers this started too (Lighthouse's Chromium is in a process group of its own).
  process.on('SIGINT', () => {
    killLeftovers();
    process.exit(130);
  });
  const result = await measureFrontend({ baseUrl, articleSlug, log: (line) => process.stderr.write(`${line}\n`) });
  printTable(result);
}
