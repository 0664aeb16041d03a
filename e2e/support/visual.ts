import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from './product.js';
import { ARTIFACTS } from './suite.js';

/** Committed screenshots the visual suite compares with; `UPDATE_VISUAL_BASELINES=1` rewrites them. */
export const BASELINES = path.join(REPO_ROOT, 'e2e/visual-baselines');
const DIFFS = path.join(ARTIFACTS, 'visual');
const UPDATE = process.env.UPDATE_VISUAL_BASELINES === '1';

/** A phone, a laptop and a desktop monitor. */
export const VISUAL_WIDTHS = [390, 1366, 1920] as const;

/** Every screenshot is taken at this moment, whatever the machine's clock says. */
export const FROZEN_NOW = new Date('2026-03-02T10:00:00.000Z');

/**
 * How different a screenshot may be and still pass: pixelmatch's colour distance per pixel (0-1; 0.1
 * absorbs anti-aliasing) and the share of pixels beyond it. An unstyled tab bar or a block shifted by
 * a few pixels changes far more than this.
 */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFFERENT_SHARE = 0.001;

/** The tallest part of a page kept, so a long page costs a bounded file. */
const MAX_HEIGHT = 6000;

/**
 * A browser context as a returning reader sees the site: the viewport at `width`, en-US in UTC, the
 * clock frozen at FROZEN_NOW, and the cookie banner's choice already stored.
 */
export async function visualContext(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  await context.clock.setFixedTime(FROZEN_NOW);
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
  return context;
}

/**
 * Waits until the page is still: the browser idle once, web fonts in, every image loaded (lazy ones
 * asked for now, since a full-page screenshot does not scroll to them), no loader or skeleton on
 * screen, its height steady.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Once the browser has been idle: the site hydrates some parts, and fetches what they show (the
  // trending feed), only then (HydrateWhenIdle), and this callback runs after theirs.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => ((image as HTMLImageElement).loading = 'eager')));
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      Array.from(document.images).every((image) => image.complete) &&
      !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]'),
    null,
    { timeout: 30_000, polling: 100 },
  );
  // The page's height unchanged over five checks a tenth of a second apart (the clock is frozen, timers
  // run): parts rendered after hydration are in.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let height = -1;
        let steady = 0;
        let checks = 0;
        const check = () => {
          const now = document.documentElement.scrollHeight;
          steady = now === height ? steady + 1 : 0;
          height = now;
          checks += 1;
          if (steady >= 5 || checks >= 100) resolve();
          else setTimeout(() => requestAnimationFrame(check), 100);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** The page as a PNG: the whole page down to MAX_HEIGHT, animations finished, no caret, nothing marked data-visual-varies. */
export async function screenshot(page: Page): Promise<Buffer> {
  // What names the machine the product runs on (a port in a handle) is left blank, so the page matches on any.
  await page.addStyleTag({ content: '[data-visual-varies] { visibility: hidden !important; }' });
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight }));
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) } });
}

/**
 * Compares `actual` with the committed baseline `name`: null when it matches, else what is wrong. A
 * missing baseline is written and reported (look at it, then commit it); with
 * UPDATE_VISUAL_BASELINES=1 every baseline is rewritten and matches. A difference writes the
 * screenshot and a diff image under e2e/artifacts/visual/.
 */
export function compareWithBaseline(name: string, actual: Buffer): string | null {
  const file = path.join(BASELINES, `${name}.png`);
  if (UPDATE || !fs.existsSync(file)) {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(file, actual);
    if (UPDATE) return null;
    return `No visual baseline "${name}": wrote ${path.relative(REPO_ROOT, file)} from this run. Look at it, commit it and run again (UPDATE_VISUAL_BASELINES=1 rewrites every baseline).`;
  }
  const baseline = fs.readFileSync(file);
  // The same bytes are the same pixels: a screenshot byte for byte its baseline matches without
  // decoding both and comparing every pixel (about a tenth of a second of CPU for a full page).
  if (baseline.equals(actual)) return null;
  const expected = PNG.sync.read(baseline);
  const got = PNG.sync.read(actual);
  const keep = (diff?: PNG) => {
    fs.mkdirSync(DIFFS, { recursive: true });
    fs.writeFileSync(path.join(DIFFS, `${name}.actual.png`), actual);
    if (diff) fs.writeFileSync(path.join(DIFFS, `${name}.diff.png`), PNG.sync.write(diff));
  };
  if (expected.width !== got.width) {
    keep();
    return `"${name}" is ${got.width} px wide, its baseline ${expected.width} px: see e2e/artifacts/visual/${name}.actual.png.`;
  }
  // Compared over the height both have; each row one of them lacks counts as different throughout (a
  // page a pixel taller from rounding passes, a block pushed down does not).
  const width = got.width;
  const height = Math.min(expected.height, got.height);
  const crop = (png: PNG) => png.data.subarray(0, width * height * 4);
  const diff = new PNG({ width, height });
  const different =
    pixelmatch(crop(expected), crop(got), diff.data, width, height, { threshold: PIXEL_THRESHOLD }) + Math.abs(expected.height - got.height) * width;
  const share = different / (width * Math.max(expected.height, got.height));
  if (share > MAX_DIFFERENT_SHARE) {
    keep(diff);
    return `"${name}" differs from its baseline in ${different} pixels (${(share * 100).toFixed(2)} %, at most ${MAX_DIFFERENT_SHARE * 100} %; ${got.height} px tall, the baseline ${expected.height} px): see e2e/artifacts/visual/${name}.diff.png.`;
  }
  return null;
}
