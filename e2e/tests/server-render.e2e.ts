import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { NEWSROOM_TEXTS, PUBLIC_ROUTES } from '@ai-mind/contracts';
import { eventually, waitForHydration } from '../support/browser.js';
import { REPO_ROOT } from '../support/product.js';
import { useProduct } from '../support/suite.js';

interface ListedArticle {
  id: number;
  title: string;
  slug: string;
  category: string;
  content: string;
  likes: number;
}

/** The text a reader sees of stored article HTML (tags gone, entities decoded as the page shows them). */
const words = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]{4,}$/.test(word));

describe('public pages rendered on the server and hydrated', () => {
  const suite = useProduct('server-render');
  let articles: ListedArticle[];

  beforeAll(async () => {
    const listed = (await (await fetch(`${suite.product.url}/api/articles?approved=true&limit=50`)).json()) as { slug: string }[];
    articles = await Promise.all(
      listed.map(async ({ slug }) => (await (await fetch(`${suite.product.url}/api/articles/slug/${slug}`)).json()) as ListedArticle),
    );
  });

  /** An example address of each route of the table, with the status the server must answer it with. */
  function examples(): { path: string; route: string; status: number }[] {
    const article = articles[0]!;
    const byPattern: Record<string, { path: string; status: number }[]> = {
      '/': [{ path: '/', status: 200 }],
      '/article/:slug': [
        { path: `/article/${article.slug}`, status: 200 },
        { path: '/article/no-such-article-anywhere', status: 404 },
      ],
      '/:category/article/:slug': [
        { path: `/technology/article/${article.slug}`, status: 200 },
        { path: '/technology/article/no-such-article-anywhere', status: 404 },
      ],
      '/category': [{ path: '/category', status: 404 }],
      '/category/:category': [{ path: `/category/${encodeURIComponent(article.category)}`, status: 200 }],
      '/inspiring': [{ path: '/inspiring', status: 200 }],
      '/about': [{ path: '/about', status: 200 }],
      '/contact': [{ path: '/contact', status: 200 }],
      '/privacy': [{ path: '/privacy', status: 200 }],
      '/terms': [{ path: '/terms', status: 200 }],
      '/corrections': [{ path: '/corrections', status: 200 }],
      // Each published demo article starts a story of its own, named by its slug (the demo seed).
      '/story/:slug': [
        { path: `/story/${article.slug}`, status: 200 },
        { path: '/story/no-such-story-anywhere', status: 404 },
      ],
      // The newsroom's promises (NEWSROOM_PAGES).
      ...Object.fromEntries(Object.values(NEWSROOM_TEXTS).map(({ path }) => [path, [{ path, status: 200 }]])),
      '/newsletter/confirm': [{ path: '/newsletter/confirm', status: 200 }],
      '/newsletter/unsubscribe': [{ path: '/newsletter/unsubscribe', status: 200 }],
      '/follow/confirm': [{ path: '/follow/confirm', status: 200 }],
      '/follow/unsubscribe': [{ path: '/follow/unsubscribe', status: 200 }],
      '*': [
        { path: '/no/such/page', status: 404 },
        { path: '/abouts', status: 404 },
      ],
    };
    return PUBLIC_ROUTES.flatMap((route) => {
      const cases = byPattern[route.path];
      if (!cases) throw new Error(`No example for the route ${route.path}: add one here`);
      return cases.map((example) => ({ ...example, route: route.path }));
    });
  }

  it("answers every route of the route table with the table's status, the page's title in the HTML", async () => {
    const answered = await Promise.all(
      examples().map(async ({ path, route, status }) => {
        const response = await fetch(`${suite.product.url}${path}`);
        const html = await response.text();
        return { path, route, status: response.status, expected: status, rendered: /<div id="root">(?!<\/div>)/.test(html) && /<title data-seo>/.test(html) };
      }),
    );
    expect(answered.filter((a) => a.status !== a.expected || !a.rendered)).toEqual([]);
  });

  it('names only the entry loader in the HTML; the entry is requested once the page has painted, and hydrates it', async () => {
    const html = await (await fetch(suite.product.url)).text();
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)];
    expect(scripts.map((match) => match[1]!.replace(/\?v=\w+$/, '?v=…'))).toEqual(['/static/js/entry-loader.js?v=…']);
    const entry = /data-entry="([^"]+)"/.exec(scripts[0]![0])![1]!;
    expect(entry).toMatch(/^\/static\/js\/index\.[0-9a-f]+\.js$/);

    const context = await suite.browser.newContext();
    try {
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(suite.product.url, { waitUntil: 'load' });
      for (let waited = 0; !requested.includes(entry) && waited < 10_000; waited += 100) await page.waitForTimeout(100);
      expect(requested).toContain(entry);
      // Requested after the page and its top image.
      expect(requested.indexOf(entry)).toBeGreaterThan(requested.findIndex((path) => path.startsWith('/media/')));
      // With it, the scripts the page hydrates on, the opening route's page chunk included, each
      // preloaded at once rather than found one after the other.
      const preloaded = await page.$$eval('link[rel="preload"][as="script"]', (links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(preloaded.filter((path) => /\/page-[a-z-]+\.[0-9a-f]+\.js$/.test(path))).toEqual([expect.stringMatching(/\/page-home\.[0-9a-f]+\.js$/)]);
      expect(preloaded).toContainEqual(expect.stringMatching(/^\/static\/js\/async\/bootstrap\.[0-9a-f]+\.js$/));
    } finally {
      await context.close();
    }
  });

  it('carries the styles of every Mantine class a page uses, though only those of the components the site uses', async () => {
    // Mantine's classes (m_ and a hash) that its stylesheets give rules to.
    const mantineCss = ['@mantine/core/styles.css', '@mantine/notifications/styles.css']
      .map((file) => fs.readFileSync(path.join(REPO_ROOT, 'node_modules', file), 'utf8'))
      .join('');
    const styled = new Set(mantineCss.match(/\.m_[0-9a-f]{8}\b/g)!.map((selector) => selector.slice(1)));
    const unstyled: string[] = [];
    let pageStyles = 0;
    for (const { path: page } of examples()) {
      const html = await (await fetch(`${suite.product.url}${page}`)).text();
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
      pageStyles = Math.max(pageStyles, styles.length);
      const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.match(/\bm_[0-9a-f]{8}\b/g) ?? []));
      unstyled.push(...[...used].filter((name) => styled.has(name) && !styles.includes(`.${name}`)).map((name) => `${page}: ${name}`));
    }
    expect(unstyled).toEqual([]);
    // Not Mantine's whole stylesheet.
    expect(pageStyles).toBeLessThan(mantineCss.length / 2);
  });

  describe('without JavaScript', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
    });
    afterAll(() => context.close());

    it('lists every card of the first page on the home page, with the footer', async () => {
      const response = await page.goto(suite.product.url);
      expect(response?.status()).toBe(200);
      const first = articles.slice(0, 12);
      for (const article of first) await page.getByRole('link', { name: article.title, exact: true }).first().waitFor();
      await page.getByRole('navigation', { name: 'Footer' }).waitFor();
    });

    it("reaches the newsroom's promises from the footer: the demo's publishing principles with their #feedback and #verification sections, and the masthead", async () => {
      await page.goto(suite.product.url);
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Publishing principles' }).click();
      await page.waitForURL('**/about/publishing-principles');
      await page.getByRole('heading', { level: 1, name: 'Publishing principles' }).waitFor();
      const text = page.getByTestId('newsroom-text');
      expect(await text.innerText()).toContain('every article goes through');
      expect(await text.locator('h2#feedback').count()).toBe(1);
      expect(await text.locator('h2#verification').count()).toBe(1);
      await page.getByRole('navigation', { name: "The newsroom's promises" }).getByRole('link', { name: 'Masthead' }).click();
      await page.waitForURL('**/about/masthead');
      await page.getByRole('heading', { level: 1, name: 'Masthead' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'People' }).waitFor();
    });

    it('reads the full article, its comments section and navigates on by its links', async () => {
      const article = articles[0]!;
      await page.goto(suite.product.url);
      await page.getByRole('link', { name: article.title, exact: true }).first().click();
      await page.waitForURL(`**/article/${article.slug}`);
      await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
      const body = await page.getByTestId('article-content').innerText();
      const expected = words(article.content);
      expect(expected.length).toBeGreaterThan(50);
      // The whole article: its last words as well as its first.
      expect(words(body).slice(-20)).toEqual(expected.slice(-20));
      expect(words(body).slice(0, 20)).toEqual(expected.slice(0, 20));
      await page.getByTestId('comments-section').waitFor();
      expect(await page.locator('script:not([type="application/json"]):not([type="application/ld+json"]):not([src])').count()).toBe(0);
    });

    it('follows a category link from the header, then the link to the next page of the list', async () => {
      await page.goto(suite.product.url);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Technology' }).click();
      await page.waitForURL('**/category/Technology');
      await page.getByRole('heading', { level: 1, name: 'Technology' }).waitFor();

      const cardLinks = () =>
        page.locator('.article-grid a[href^="/article/"]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
      await page.goto(suite.product.url);
      const firstPage = await cardLinks();
      await page.getByRole('link', { name: 'Load more articles' }).click();
      await page.waitForURL(/\?cursor=/);
      const secondPage = await cardLinks();
      expect(secondPage.length).toBeGreaterThan(0);
      expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
      expect(firstPage.length + secondPage.length).toBe(Math.min(articles.length, firstPage.length + secondPage.length));
    });

    it('searches from the header form: a blank term is refused, a term opens the page of its results', async () => {
      await page.goto(suite.product.url);
      const form = page.getByRole('search');
      const input = form.getByRole('searchbox', { name: 'Search articles' });
      await input.fill('   ');
      await input.press('Enter');
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`${suite.product.url}/`);

      const target = articles[0]!;
      const term = target.title
        .split(/\s+/)
        .filter((word) => word.length > 5)
        .slice(0, 2)
        .join(' ');
      await input.fill(term);
      // The toggle, which needs JavaScript, is hidden: the form's own button is the one "Search" button.
      await form.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/\?search=/);
      expect(new URL(page.url()).searchParams.get('search')).toBe(term);
      await page.getByRole('heading', { level: 1, name: `Search results for “${term}”` }).waitFor();
      await page.locator('article h2', { hasText: target.title }).first().waitFor();
    });

    it('on a phone, shows no burger it cannot open and reaches every section from the footer', async () => {
      const phone = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      try {
        const small = await phone.newPage();
        await small.goto(suite.product.url);
        expect(await small.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
        expect(await small.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
        const sections = small.getByRole('navigation', { name: 'Sections' });
        for (const label of ['Technology', 'Global Events', 'Human Achievements', 'AI Product Reviews']) {
          expect(await sections.getByRole('link', { name: label }).isVisible()).toBe(true);
        }
        // About is a footer link already.
        expect(await small.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About' }).isVisible()).toBe(true);
        await sections.getByRole('link', { name: 'Technology' }).click();
        await small.waitForURL('**/category/Technology');
        await small.getByRole('heading', { level: 1, name: 'Technology' }).waitFor();
      } finally {
        await phone.close();
      }
    });

    it('shows the 404 page with a 404 status', async () => {
      const response = await page.goto(`${suite.product.url}/no/such/page`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    });
  });

  describe('hydration', () => {
    /** Opens `path` with scripts, recording hydration errors; says whether the server's tree was kept. */
    async function hydrate(path: string, tamper?: (html: string) => string) {
      const context = await suite.browser.newContext({ viewport: { width: 412, height: 900 } });
      if (tamper) {
        await context.route(`${suite.product.url}${path}`, async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, body: tamper(await response.text()) });
        });
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && (text.startsWith('[hydration]') || /hydrat/i.test(text))) errors.push(text.slice(0, 500));
      });
      page.on('pageerror', (error) => /hydrat|#418|#423|#425/i.test(error.message) && errors.push(error.message.slice(0, 500)));
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { serverRoot: Element | null }).serverRoot = document.getElementById('root')!.firstElementChild;
        });
      });
      await page.goto(`${suite.product.url}${path}`, { waitUntil: 'networkidle' });
      // The logo link gets React's handlers while React may still be working through the rest of the
      // page, where a mismatch is found and reported: wait for the root's commit and for the browser's
      // next idle moment too, or a busy machine closes the page before the report.
      await waitForHydration(page);
      // Hydrated: React's handlers are on the server's elements (the logo link navigates in the app).
      await eventually(() => page.evaluate(() => Object.keys(document.querySelector('header a[href="/"]')!).some((key) => key.startsWith('__react'))), true);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      const kept = await page.evaluate(
        () => document.getElementById('root')!.firstElementChild === (window as unknown as { serverRoot: Element | null }).serverRoot,
      );
      await context.close();
      return { errors, kept };
    }

    it('hydrates every public route without a mismatch, keeping the elements the server sent', async () => {
      const results = [];
      for (const { path } of examples()) results.push({ path, ...(await hydrate(path)) });
      results.push({ path: '/?search=economy', ...(await hydrate('/?search=economy')) });
      expect(results.filter((r) => r.errors.length > 0 || !r.kept)).toEqual([]);
    });

    it('would report a mismatch: a page whose HTML differs from what the client renders fails the check', async () => {
      const tampered = await hydrate('/about', (html) => html.replace('<h1', '<h1 data-tampered="yes"><span>changed</span></h1><h1'));
      expect(tampered.errors.length).toBeGreaterThan(0);
    });
  });

  it('counts a Like clicked while the page is still loading its scripts exactly once', async () => {
    const article = articles[1]!;
    const likes = async () => ((await (await fetch(`${suite.product.url}/api/articles/slug/${article.slug}`)).json()) as ListedArticle).likes;
    const before = await likes();
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // A slow connection: the page's scripts arrive seconds after its HTML.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await context.route(
      (url) => url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsHeld;
        await route.continue();
      },
    );
    const page = await context.newPage();
    // The deferred scripts hold DOMContentLoaded back: the page is there as soon as its HTML is.
    await page.goto(`${suite.product.url}/article/${article.slug}`, { waitUntil: 'commit' });
    await page.getByTestId('article-engagement').first().getByRole('button', { name: 'Like' }).waitFor();
    const posted = page.waitForResponse((response) => response.url().endsWith('/api/interactions/form'));
    await page.getByTestId('article-engagement').first().getByRole('button', { name: 'Like' }).click();
    // The click went to the server (the form), which sent the reader back to the article.
    expect((await posted).status()).toBe(303);
    await page.waitForURL(`**/article/${article.slug}`, { waitUntil: 'commit' });
    releaseScripts();
    await page.waitForLoadState('networkidle');
    await eventually(likes, before + 1);
    // Nothing more arrives later (no replay of the same click by the app once it hydrates).
    await page.waitForTimeout(1500);
    expect(await likes()).toBe(before + 1);
    await context.close();
  });
});
