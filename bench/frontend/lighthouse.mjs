import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';

/**
 * One Lighthouse run of the performance category with its default (mobile, simulated slow 4G and
 * CPU throttling) settings, in a Chromium of its own.
 */
async function runOnce(url, chromiumPath) {
  // handleSIGINT off: chrome-launcher's handler exits the process on Ctrl-C, before the benchmark has
  // written its figures and stopped its servers (which ends this Chromium too).
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: CHROMIUM_FLAGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
    handleSIGINT: false,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN),
      cls: Math.round((lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN) * 1000) / 1000,
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? Number.NaN),
    };
  } finally {
    await chrome.kill();
  }
}

/** The median run by score of `runs` (odd) runs: a shared, noisy machine makes single runs swing. */
export async function measureLighthouse(url, { chromiumPath, runs = 3, log = () => {} }) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const run = await runOnce(url, chromiumPath);
    log(`lighthouse ${url} run ${i + 1}/${runs}: score ${run.score}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms`);
    results.push(run);
  }
  results.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return results[Math.floor(results.length / 2)];
}
