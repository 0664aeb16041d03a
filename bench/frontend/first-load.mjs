import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs';

/** The admin remote's files: a public page must never fetch any of them. */
const ADMIN_PREFIX = '/remotes/admin/';
/** A phone-sized window, as Lighthouse's mobile run uses, so responsive choices (image sizes) match. */
const MOBILE_VIEWPORT = { width: 412, height: 823 };

/**
 * Loads `url` in a fresh browser context (empty cache) and sums the gzip size of every JavaScript and
 * CSS response until the load event and network idle. Bodies are gzipped here rather than trusting
 * the transfer size, so the figure does not depend on whether a proxy in front compresses.
 */
export async function measureFirstLoad(browser, url) {
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true });
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname;
    const isAdmin = path.startsWith(ADMIN_PREFIX);
    if (type !== 'script' && type !== 'stylesheet' && !isAdmin) return;
    bodies.push(
      response
        .body()
        .then((body) => ({ type, isAdmin, path, raw: body.length, gzip: gzipSync(body).length }))
        .catch(() => ({ type, isAdmin, path, raw: 0, gzip: 0 })),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(bodies);
    const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
    return {
      jsGzipBytes: sum(
        files.filter((f) => f.type === 'script'),
        'gzip',
      ),
      cssGzipBytes: sum(
        files.filter((f) => f.type === 'stylesheet'),
        'gzip',
      ),
      adminJsBytes: sum(
        files.filter((f) => f.isAdmin),
        'raw',
      ),
      files,
    };
  } finally {
    await context.close();
  }
}

/**
 * Without Playwright's own signal handlers, which would exit the process on Ctrl-C before the
 * benchmark has written its figures and stopped its servers; the caller ends the browser.
 */
export function launchChromium(chromiumPath) {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
}
