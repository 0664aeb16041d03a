import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { eventually, waitForHydration } from '../support/browser.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';

interface ListedArticle {
  id: number;
  title: string;
  slug: string;
  likes: number;
  shares: number;
}

const BANNER = 'Cookies on The AI Mind';
const PAGE_VIEW_PATH = '/api/analytics/pageview';

/** A visitor who has already made a cookie choice, so the banner stays out of the way. */
const DECIDED_VISITOR = () => localStorage.setItem('cookie-consent', 'rejected');

const likesLabel = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

/** Likes, shares, comments, newsletter and cookie consent in Chromium, against the running product. */
describe('engagement and privacy in Chromium', () => {
  const suite = useProduct('engagement');
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function articles(): Promise<ListedArticle[]> {
    return (await (await fetch(`${suite.product.url}/api/articles?approved=true&limit=50`)).json()) as ListedArticle[];
  }

  async function articleBySlug(slug: string): Promise<ListedArticle> {
    return (await (await fetch(`${suite.product.url}/api/articles/slug/${slug}`)).json()) as ListedArticle;
  }

  /** A fresh browser profile (own storage), optionally with the banner already answered. */
  async function newVisitor(options: BrowserContextOptions = {}, decided = true): Promise<{ context: BrowserContext; page: Page; pageViews: string[] }> {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    contexts.push(context);
    if (decided) await context.addInitScript(DECIDED_VISITOR);
    const page = await context.newPage();
    const pageViews: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === PAGE_VIEW_PATH) pageViews.push(request.postData() ?? '');
    });
    return { context, page, pageViews };
  }

  const storage = (page: Page) =>
    page.evaluate(() => ({
      consent: localStorage.getItem('cookie-consent'),
      details: JSON.parse(localStorage.getItem('cookie-consent-details') ?? 'null') as unknown,
      date: localStorage.getItem('cookie-consent-date'),
      location: localStorage.getItem('user-location'),
    }));

  it('likes an article once: the count goes up by one at once, the control locks, and the server keeps it', async () => {
    const [article] = await articles();
    const before = (await articleBySlug(article!.slug)).likes;
    const { page } = await newVisitor();
    await page.goto(`${suite.product.url}/article/${article!.slug}`, { waitUntil: 'networkidle' });
    const engagement = page.getByTestId('article-engagement');
    await engagement.getByRole('group', { name: likesLabel(before) }).waitFor();

    await engagement.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByText('Thanks for the feedback.').waitFor();
    await engagement.getByRole('group', { name: likesLabel(before + 1) }).waitFor();
    const liked = engagement.getByRole('button', { name: 'Liked', exact: true });
    expect(await liked.getAttribute('aria-pressed')).toBe('true');
    expect(await liked.isDisabled()).toBe(true);
    await eventually(async () => (await articleBySlug(article!.slug)).likes, before + 1);
    // After the refetch the page shows the server's count, not one more on top of it.
    await engagement.getByRole('group', { name: likesLabel(before + 1) }).waitFor();
  });

  it('shares by copying the article link when the browser has no share sheet, and records the share', async () => {
    const [, article] = await articles();
    const before = (await articleBySlug(article!.slug)).shares;
    const { context, page } = await newVisitor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.product.url });
    // Desktop Chromium on Linux has no Web Share; make sure of it so the clipboard path runs.
    await context.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    await page.goto(`${suite.product.url}/article/${article!.slug}`, { waitUntil: 'networkidle' });

    await page.getByTestId('article-engagement').getByRole('button', { name: 'Share' }).click();
    await page.getByText('Article link copied to clipboard.').waitFor();
    expect(await page.getByText('Copied!').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.product.url}/article/${article!.slug}`);
    await eventually(async () => (await articleBySlug(article!.slug)).shares, before + 1);
  });

  it('posts a comment, clears the form, and shows the AI reply without a reload', async () => {
    const [, , article] = await articles();
    const { page } = await newVisitor();
    await page.goto(`${suite.product.url}/article/${article!.slug}`, { waitUntil: 'networkidle' });
    const section = page.getByTestId('comments-section');
    const post = section.getByRole('button', { name: 'Post Comment' });
    // The server's button is enabled (the form posts without scripts); the app disables it while the form
    // is empty once the comments hydrate, which happens when the browser is next idle, after networkidle.
    await eventually(() => post.isDisabled(), true, 30_000);

    const text = `Does the grid really decide this? ${Date.now()}`;
    await section.getByRole('textbox', { name: 'Name' }).fill('Ada from the e2e test');
    await section.getByRole('textbox', { name: 'Comment' }).fill(text);
    await post.click();
    await page.getByText('Your comment has been added and the AI will respond shortly.').waitFor();
    expect(await section.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('');

    const posted = section.getByTestId('comment').filter({ hasText: text });
    await posted.waitFor();
    await posted.getByTestId('ai-response').waitFor({ timeout: 30_000 });
    expect((await posted.getByTestId('ai-response').textContent())!.length).toBeGreaterThan(20);
    await posted.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'comment-with-ai-reply.png') });
  });

  it('subscribes to the newsletter from the footer', async () => {
    const { page } = await newVisitor();
    await page.goto(`${suite.product.url}/about`, { waitUntil: 'networkidle' });
    const box = page.getByRole('form', { name: 'Newsletter' });
    await box.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await box.getByRole('textbox', { name: 'Email address' }).fill(`reader-${Date.now()}@example.com`);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Almost there: check your inbox for a link to confirm your subscription.').waitFor();
  });

  it('outside the EU: the banner appears after a second, no page view is sent before consent, one is sent after Accept', async () => {
    const { page, pageViews } = await newVisitor({ extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } }, false);
    const opened = Date.now();
    await page.goto(suite.product.url, { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('dialog', { name: BANNER });
    await banner.waitFor();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1000);
    expect(await banner.getByRole('button', { name: 'Reject', exact: true }).count()).toBe(1);
    expect(await banner.getByText(/explicit consent/).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(pageViews).toEqual([]);

    await banner.getByRole('button', { name: 'Accept', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    await eventually(() => pageViews.length, 1);
    expect(JSON.parse(pageViews[0]!)).toMatchObject({ path: '/', source: 'direct' });
    const stored = await storage(page);
    expect(stored).toMatchObject({ consent: 'accepted', details: { necessary: true, analytics: true, marketing: true, preferences: true }, location: 'US' });
    expect(Number.isNaN(Date.parse(stored.date!))).toBe(false);

    // A returning visitor who accepted: no banner, and page views from the first page on.
    await page.reload({ waitUntil: 'networkidle' });
    await eventually(() => pageViews.length, 2);
    await page.waitForTimeout(1500);
    expect(await banner.count()).toBe(0);
  });

  it('in the EU: GDPR wording with Reject All; rejecting stores the choice and sends no page views', async () => {
    const { page, pageViews } = await newVisitor({ extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' } }, false);
    await page.goto(`${suite.product.url}/about`, { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('dialog', { name: BANNER });
    await banner.waitFor();
    await banner.getByText(/explicit consent/).waitFor();
    expect(await banner.getByRole('button', { name: 'Accept All' }).count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'cookie-banner-eu.png') });
    await banner.getByRole('button', { name: 'Reject All' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await storage(page)).toMatchObject({
      consent: 'rejected',
      details: { necessary: true, analytics: false, marketing: false, preferences: false },
      location: 'DE',
    });

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(/\/contact$/);
    await page.waitForLoadState('networkidle');
    expect(pageViews).toEqual([]);
  });

  it('in the EU: a custom choice with analytics on sends page views; necessary cannot be switched off', async () => {
    const { page, pageViews } = await newVisitor({ extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } }, false);
    await page.goto(`${suite.product.url}/about`, { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('dialog', { name: BANNER });
    await banner.getByRole('button', { name: 'Customize' }).click();
    expect(await banner.getByRole('switch', { name: /^Necessary/ }).isDisabled()).toBe(true);
    expect(await banner.getByRole('switch', { name: /^Necessary/ }).isChecked()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'cookie-banner-customize.png') });
    await banner.getByRole('switch', { name: /^Analytics/ }).check({ force: true });
    await banner.getByRole('button', { name: 'Save Preferences' }).click();
    await banner.waitFor({ state: 'detached' });
    await eventually(() => pageViews.length, 1);
    expect(await storage(page)).toMatchObject({
      consent: 'custom',
      details: { necessary: true, analytics: true, marketing: false, preferences: false },
      location: 'FR',
    });
  });

  it('the Analytics tab counts the page views of a reader who allowed analytics, and none of one who did not', async () => {
    const login = await fetch(`${suite.product.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: suite.product.admin.username, password: suite.product.admin.password }),
    });
    const cookie = /ai_mind_admin=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    const today = new Date().toISOString().slice(0, 10);
    const countries = async () => {
      const response = await fetch(`${suite.product.url}/api/admin/analytics/countries?from=${today}&to=${today}`, { headers: { cookie } });
      const { entries } = (await response.json()) as { entries: { key: string; views: number }[] };
      return Object.fromEntries(entries.filter((entry) => entry.key === 'NZ' || entry.key === 'IS').map((entry) => [entry.key, entry.views]));
    };
    expect(await countries()).toEqual({});

    // Each reader's country is their own (no CDN in front: from Accept-Language), so their views are told apart in the chart.
    const browse = async (page: Page) => {
      await page.goto(`${suite.product.url}/about`, { waitUntil: 'networkidle' });
      // The site's script counts a view once it runs: a reader who follows a link before then (a busy phone)
      // leaves the first page uncounted, so the test reads on as a reader who stays a moment.
      await waitForHydration(page);
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
      await page.waitForURL(/\/privacy$/);
      await page.waitForLoadState('networkidle');
    };
    const refused = await newVisitor({ extraHTTPHeaders: { 'Accept-Language': 'en-NZ' } });
    await browse(refused.page);
    const allowed = await newVisitor({ extraHTTPHeaders: { 'Accept-Language': 'is-IS' } }, false);
    await allowed.context.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
    await browse(allowed.page);
    await eventually(() => allowed.pageViews.length, 2);
    expect(refused.pageViews).toEqual([]);
    // Both were counted: the first with the token in the page the server sent, the second with the one the API gave for /privacy.
    await eventually(countries, { IS: 2 });
  });
});
