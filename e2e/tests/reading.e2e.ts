import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { schemaOrgProblems } from '../support/schema-org.js';
import { ARTIFACTS, useProduct } from '../support/suite.js';
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface ListedArticle {
  title: string;
  slug: string;
  category: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('reading and discovery in Chromium', () => {
  const suite = useProduct('reading');
  let articles: ListedArticle[];

  beforeAll(async () => {
    articles = (await (await fetch(`${suite.product.url}/api/articles?approved=true&limit=50`)).json()) as ListedArticle[];
  });

  async function open(url: string, width = 1440, height = 900): Promise<Page> {
    const page = await suite.browser.newPage({ viewport: { width, height } });
    await page.goto(url, { waitUntil: 'networkidle' });
    return page;
  }

  /** axe-core's serious and critical findings on the page as it stands. */
  async function seriousViolations(page: Page): Promise<string[]> {
    // Evaluated through the DevTools protocol: the site's Content-Security-Policy refuses inline <script> tags.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }

  it('a crawler that runs no JavaScript finds the article title, description, og:image and news-article JSON-LD in the HTML', async () => {
    const article = articles[0]!;
    const response = await fetch(`${suite.product.url}/article/${article.slug}`, { headers: { 'user-agent': 'Twitterbot/1.0' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title data-seo>${article.title.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} | The AI Mind</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}" data-seo>/);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${suite.product.url}/media/covers/${article.slug}\\.svg" data-seo>`));
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json" data-seo>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd).toEqual([expect.objectContaining({ '@type': 'AnalysisNewsArticle', headline: article.title })]);
    expect(schemaOrgProblems(jsonLd)).toEqual([]);
  });

  it('shows the top of the home and article pages from the HTML alone, then the site takes it over in place', async () => {
    const [newest] = articles;
    for (const path of ['/', `/article/${newest!.slug}`]) {
      const context = await suite.browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
      const still = await context.newPage();
      await still.goto(`${suite.product.url}${path}`);
      await still.getByRole('link', { name: 'The AI Mind' }).waitFor();
      expect(
        await still
          .locator(path === '/' ? 'article h2' : 'h1')
          .first()
          .textContent(),
      ).toBe(newest!.title);
      expect(await still.locator('img[fetchpriority="high"]').count()).toBe(1);
      await context.close();

      const page = await open(`${suite.product.url}${path}`, 412, 823);
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
      expect(await page.locator('.fv-header').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.close();
    }
  });

  it('serves a sitemap index, its gzip files and an RSS feed that parse as XML and list the published articles', async () => {
    const page = await open(`${suite.product.url}/about`);
    const parse = (source: string) =>
      page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          root: doc.documentElement.nodeName,
          locs: Array.from(doc.querySelectorAll('loc'), (loc) => loc.textContent),
        };
      }, source);
    const index = await parse(await (await fetch(`${suite.product.url}/sitemap.xml`)).text());
    expect(index).toMatchObject({ error: null, root: 'sitemapindex' });
    const files = await Promise.all(index.locs.map(async (loc) => gunzipSync(Buffer.from(await (await fetch(loc!)).arrayBuffer())).toString('utf8')));
    for (const file of files) expect(await parse(file)).toMatchObject({ error: null, root: 'urlset' });
    expect(files.join('\n')).toContain(articles[0]!.slug);
    const rss = await (await fetch(`${suite.product.url}/rss.xml`)).text();
    expect(await parse(rss)).toMatchObject({ error: null, root: 'rss' });
    expect(rss).toContain(articles[0]!.slug);
    expect(await (await fetch(`${suite.product.url}/robots.txt`)).text()).toContain(`Sitemap: ${suite.product.url}/sitemap.xml`);
    await page.close();
  });

  it('clicks through header, category, article and back', async () => {
    const page = await open(suite.product.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Technology' }).click();
    await page.waitForURL(/\/category\/Technology$/);
    await page.getByRole('heading', { level: 1, name: 'Technology' }).waitFor();
    const technology = articles.filter((a) => a.category === 'Technology');
    expect(technology.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: technology[0]!.title, exact: true }).waitFor();
    expect(await page.locator('article').count()).toBe(technology.length);
    expect(await page.getByTestId('category-count').textContent()).toBe(String(technology.length));

    await page.getByRole('link', { name: technology[0]!.title, exact: true }).click();
    await page.waitForURL(`**/article/${technology[0]!.slug}`);
    await page.getByRole('heading', { level: 1, name: technology[0]!.title }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe(`${technology[0]!.title} | The AI Mind`);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);

    await page.getByRole('link', { name: /Back to Articles/ }).click();
    await page.waitForURL(`${suite.product.url}/`);
    await page.getByRole('heading', { level: 1, name: 'The AI Mind' }).waitFor();
    await page.close();
  });

  it('finds the same articles by category display name and by slug', async () => {
    const bySlug = await (await fetch(`${suite.product.url}/api/articles?approved=true&category=global-events`)).json();
    const byName = await (await fetch(`${suite.product.url}/api/articles?approved=true&category=${encodeURIComponent('Global Events')}`)).json();
    expect(bySlug.length).toBeGreaterThan(0);
    expect(bySlug).toEqual(byName);
  });

  it('searches from the header: whitespace does nothing, a term reloads the home page with ranked results', async () => {
    const page = await open(suite.product.url);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const input = page.getByRole('textbox', { name: 'Search articles' });
    await input.fill('   ');
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${suite.product.url}/`);

    const target = articles.find((a) => a.category === 'Economics') ?? articles[0]!;
    const term = target.title
      .split(/\s+/)
      .filter((w) => w.length > 5)
      .slice(0, 2)
      .join(' ');
    await input.fill(`  ${term}  `);
    await input.press('Enter');
    await page.waitForURL(`${suite.product.url}/?search=${encodeURIComponent(term)}`);
    await page.getByRole('heading', { level: 1, name: `Search results for “${term}”` }).waitFor();
    await page.locator('article').first().waitFor();
    expect(await page.locator('article h2').first().textContent()).toBe(target.title);
    await page.close();
  });

  it('shows the 404 page, and Article Not Found for an unknown article', async () => {
    const page = await open(`${suite.product.url}/definitely/not/a/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.goto(`${suite.product.url}/article/no-such-article-here`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Article Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${suite.product.url}/`);
    await page.close();
  });

  it('works on a 375 px phone: no sideways scrolling, the drawer opens with privacy and terms', async () => {
    const page = await open(suite.product.url, 375, 812);
    await page.locator('article').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.locator('[data-placement="sidebar-left"]').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('navigation', { name: 'Site' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Privacy' }).waitFor();
    await drawer.getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL(`${suite.product.url}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Use' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'phone-terms.png') });
    await page.close();
  });

  it('works at 1440 px: both 160x600 ad sidebars, the trending feed with three flames', async () => {
    const page = await open(suite.product.url, 1440, 900);
    await page.getByTestId('trending-item').first().waitFor();
    for (const side of ['sidebar-left', 'sidebar-right']) {
      const box = await page.locator(`[data-placement="${side}"]`).boundingBox();
      expect(box).toMatchObject({ width: 160, height: 600 });
    }
    expect(await page.getByTestId('trending-flame').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await page.screenshot({ path: path.join(ARTIFACTS, 'home-1440.png') });
    await page.close();
  });

  it.each([390, 768, 1366, 1920, 2560])(
    'lays the home page out at %i px: cards at least 280 px wide, in-feed slots at least 250 x 300 and over no card, sidebars from 1408 px',
    async (width) => {
      const page = await open(suite.product.url, width, 1000);
      await page.locator('[data-placement="in-feed"]').first().waitFor();
      const layout = await page.evaluate(() => {
        const box = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
        };
        const grid = document.querySelector('.article-grid')!;
        const cells = Array.from(grid.children);
        return {
          cards: cells.filter((cell) => !cell.hasAttribute('data-placement')).map(box),
          slots: cells.filter((cell) => cell.getAttribute('data-placement') === 'in-feed').map(box),
          sidebars: Array.from(document.querySelectorAll('[data-placement^="sidebar"]'))
            .map(box)
            .filter((b) => b.width > 0),
          scrollWidth: document.documentElement.scrollWidth,
        };
      });
      await page.screenshot({ path: path.join(ARTIFACTS, `home-${width}.png`) });
      const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
        a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
      expect(layout.scrollWidth).toBeLessThanOrEqual(width);
      expect(Math.min(...layout.cards.map((card) => card.width))).toBeGreaterThanOrEqual(Math.min(280, width - 32));
      for (const slot of layout.slots) {
        expect(slot.width).toBeGreaterThanOrEqual(250);
        expect(slot.height).toBeGreaterThanOrEqual(300);
        expect(layout.cards.filter((card) => overlap(card, slot))).toEqual([]);
      }
      expect(layout.sidebars).toHaveLength(width >= 1408 ? 2 : 0);
      for (const sidebar of layout.sidebars) expect(layout.cards.filter((card) => overlap(card, sidebar))).toEqual([]);
      await page.close();
    },
  );

  it('has no serious or critical accessibility violations on home, article, category, about and contact', async () => {
    const pages: [string, string][] = [
      ['/', 'article'],
      [`/article/${articles[0]!.slug}`, 'h1'],
      ['/category/Technology', 'article'],
      ['/about', 'h1'],
      ['/contact', 'form'],
    ];
    const report: string[] = [];
    for (const [url, ready] of pages) {
      const page = await open(`${suite.product.url}${url}`);
      await page.locator(ready).first().waitFor();
      report.push(...(await seriousViolations(page)).map((v) => `${url}: ${v}`));
      await page.close();
    }
    expect(report).toEqual([]);
  });
});
