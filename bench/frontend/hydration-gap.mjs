/**
 * How long a public page looks ready before it works, on a mid-range phone: the time from the first
 * form or button on screen to the moment React owns the page (the shell's 'hydrated' mark, at the
 * first commit of its root).
 */

/** Issue 26's phone profile, as CDP applies it: 4x CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
export const PHONE_PROFILE = { cpuSlowdown: 4, latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 };

const MOBILE_VIEWPORT = { width: 412, height: 823 };

/**
 * Runs in the page before its HTML is parsed: notes when the first form or button enters the document
 * and when the frame after that has been painted (a frame's rendering follows its animation-frame
 * callbacks, so a task queued from one runs after that paint). The first contentful paint bounds it
 * from below, since nothing is on screen before it.
 */
function watchFirstControl() {
  const state = { insertedAt: null, paintedAt: null, firstContentfulPaint: null };
  window.__firstControl = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') state.firstContentfulPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const found = () => {
    if (state.insertedAt !== null || !document.querySelector('form, button')) return false;
    state.insertedAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => (state.paintedAt = performance.now()), 0));
    return true;
  };
  const observer = new MutationObserver(() => found() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true });
}

async function measureOnce(browser, url) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchFirstControl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_PROFILE.latencyMs,
      downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && window.__firstControl.paintedAt !== null, null, {
      timeout: 90_000,
      polling: 100,
    });
    return await page.evaluate(() => {
      const control = window.__firstControl;
      const shownAt = Math.max(control.paintedAt, control.firstContentfulPaint ?? 0);
      const hydratedAt = performance.getEntriesByName('hydrated')[0].startTime;
      return { controlShownMs: Math.round(shownAt), hydratedMs: Math.round(hydratedAt), gapMs: Math.round(hydratedAt - shownAt) };
    });
  } finally {
    await context.close();
  }
}

/** The median run by gap of `runs` (odd) cold loads of `url`, each in a fresh context (empty cache). */
export async function measureHydrationGap(browser, url, { runs = 3, log = () => {} } = {}) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const run = await measureOnce(browser, url);
    log(
      `phone profile ${url} run ${i + 1}/${runs}: first control on screen at ${run.controlShownMs} ms, hydrated at ${run.hydratedMs} ms, gap ${run.gapMs} ms`,
    );
    results.push(run);
  }
  results.sort((a, b) => a.gapMs - b.gapMs);
  return results[Math.floor(results.length / 2)];
}
