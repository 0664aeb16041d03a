import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eventually, openPage, recordDialogs, submitAdminLogin } from '../support/browser.js';
import { CLAIM_ARTICLE, seedClaimArticle } from '../support/claim-data.js';
import { sql } from '../support/sql.mjs';
import { ARTIFACTS, useProduct } from '../support/suite.js';

/** An outlet's page as its site serves it: navigation, the article, a footer. */
const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>${title}</h1>${paragraphs
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('')}</article></main><footer>Copyright 2026</footer></body></html>`;

const MARKETS = [
  'Builders started the fewest homes in three years in October, as high borrowing costs squeezed housing developers across the country.',
  'Starts fell 7.5% from September to an annual pace of 1,210,000 homes, the statistics office said on Tuesday.',
  'Permits for future construction, a guide to activity in the coming months, dropped for a fourth month in a row.',
];
const LEDGER = [
  'Borrowing costs kept many builders away from new projects this autumn, the Daily Ledger found in a survey of developers.',
  'Permits slipped in every region, and land prices have not fallen enough to make new projects pay, developers said.',
];

/**
 * The outlets' site for this suite: on 127.0.0.1, which the product is told to trust as a source
 * (SOURCE_TRUSTED_ORIGINS); the test changes what it serves between the watch's runs.
 */
const served = new Map<string, string | 404>();
const outlets = http.createServer((request, response) => {
  const body = served.get(request.url ?? '');
  if (body === undefined || body === 404) {
    response.writeHead(404, { 'content-type': 'text/html' });
    return response.end('<p>Not found</p>');
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
});

/**
 * The Source Changes tab in Chromium: a published article's source changes, then another disappears;
 * "Check sources now" has the worker read them, and the queue shows both beside the claims that cite
 * them, links to the article's admin page (where corrections and updates are written), and resolves.
 */
describe('source changes, in Chromium', () => {
  const suite = useProduct('source-changes', async () => {
    await new Promise<void>((resolve) => outlets.listen(0, '127.0.0.1', resolve));
    return {
      SEED_DEMO: 'false',
      TRENDING_REFRESH_MINUTES: '0',
      SOURCE_TRUSTED_ORIGINS: `http://127.0.0.1:${(outlets.address() as AddressInfo).port}`,
      SOURCE_WATCH_INTERVAL_MINUTES: '0',
      SOURCE_WATCH_HOST_INTERVAL_MS: '0',
    };
  });
  let article: { id: number; slug: string };

  beforeAll(async () => {
    const databaseUrl = /Database: (\S+)/.exec(suite.product.output())![1]!;
    article = await seedClaimArticle(databaseUrl, {
      title: 'Housing Starts Fall to a Three-Year Low',
      slug: 'housing-starts-watched',
      createdAt: new Date().toISOString(),
    });
    // Its two sources, as an approval that kept only their feed summaries: the watch's first read is what later reads are compared with.
    const origin = `http://127.0.0.1:${(outlets.address() as AddressInfo).port}`;
    served.set('/markets/housing-starts', page('Housing starts fall to a three-year low', MARKETS));
    served.set('/ledger/builders-wait', page('Builders wait for cheaper money', LEDGER));
    await sql(
      databaseUrl,
      `update topic_source set fetch_status = 'feed_only',
         link = case number when 1 then $2 else $3 end
       where approved_topic_id = (select id from approved_topic where article_id = $1)`,
      [article.id, `${origin}/markets/housing-starts`, `${origin}/ledger/builders-wait`],
    );
  });
  afterAll(() => new Promise<void>((resolve) => outlets.close(() => resolve())));

  it('shows a changed and a gone source beside the claims that cite them, links to the article, and resolves', async () => {
    const admin = await openPage(suite.browser, `${suite.product.url}/admin`);
    const dialogs = recordDialogs(admin.page);
    const { page: tab, visible } = admin;
    await submitAdminLogin(admin, suite.product.admin.username, suite.product.admin.password);
    await visible(tab.getByRole('heading', { name: 'Admin Dashboard' }));
    await tab.getByRole('tab', { name: 'Source Changes' }).click();
    expect(new URL(tab.url()).pathname).toBe('/admin/source-changes');
    await visible(tab.getByTestId('source-changes-empty'));

    const checkNow = async (expected: RegExp) => {
      await tab.getByRole('button', { name: 'Check sources now' }).click();
      const notice = tab.locator('.mantine-Notification-root').filter({ hasText: 'Sources checked' }).last();
      await visible(notice);
      expect(await notice.textContent()).toMatch(expected);
      await notice.locator('button').click();
      await tab.locator('.mantine-Notification-root').filter({ hasText: 'Sources checked' }).waitFor({ state: 'detached' });
    };
    // The first read keeps each page's text to compare with; nothing is raised.
    await checkNow(/2 read: 0 changed, 0 rewritten, 0 gone, 0 unchanged, 2 read for the first time\./);
    await visible(tab.getByTestId('source-changes-empty'));

    // The Markets Desk corrects a figure; the Ledger takes its page down.
    served.set(
      '/markets/housing-starts',
      page(
        'Housing starts fall to a three-year low',
        MARKETS.map((paragraph) => paragraph.replace('7.5%', '9.5%')),
      ),
    );
    served.set('/ledger/builders-wait', 404);
    await checkNow(/2 read: 1 changed, 0 rewritten, 1 gone, 0 unchanged\./);

    const items = tab.getByTestId('source-change');
    await eventually(() => items.count(), 2);
    const changed = tab.locator('[data-testid="source-change"][data-kind="changed"]');
    const gone = tab.locator('[data-testid="source-change"][data-kind="gone"]');
    expect(await changed.textContent()).toContain('Source [1], Markets Desk');
    expect(await changed.getByTestId('source-change-claim').allTextContents()).toEqual([expect.stringContaining(CLAIM_ARTICLE.supported[0].sentence)]);
    expect(await gone.textContent()).toContain('Source [2], The Daily Ledger');
    expect(await gone.textContent()).toContain('HTTP 404');
    expect(await gone.getByTestId('source-change-claim').allTextContents()).toEqual([expect.stringContaining(CLAIM_ARTICLE.supported[1].sentence)]);
    for (const width of [390, 1366]) {
      await tab.setViewportSize({ width, height: 900 });
      await tab.screenshot({ path: path.join(ARTIFACTS, `source-changes-${width}.png`), fullPage: true });
    }

    // The article's link opens its admin page, where its corrections and updates are written.
    await changed.getByTestId('source-change-article').click();
    expect(new URL(tab.url()).pathname).toBe(`/admin/articles/${article.id}`);
    await visible(tab.getByRole('heading', { name: 'Corrections and updates' }));
    await tab.goBack();
    await visible(changed);

    // Resolved: it leaves the open queue for the resolved one, with who resolved it.
    await changed.getByRole('button', { name: 'Resolved' }).click();
    await eventually(() => items.count(), 1);
    expect(await items.first().getAttribute('data-kind')).toBe('gone');
    await tab.locator('.mantine-SegmentedControl-root').getByText('Resolved', { exact: true }).click();
    expect(new URL(tab.url()).search).toBe('?status=resolved');
    const resolved = tab.locator('[data-testid="source-change"][data-status="resolved"]');
    await visible(resolved);
    expect(await resolved.textContent()).toContain(`resolved by ${suite.product.admin.username}`);
    expect(dialogs).toEqual([]);
    await admin.page.close();
  });
});
