import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { SaxesParser } from 'saxes';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { jest } from '@jest/globals';
import { createApiApp } from '../src/app/create-api-app.js';
import { PreparedResponseCache } from '../src/common/prepared-response-cache.js';
import { ArticleReads, ArticlesCacheService } from '../src/modules/articles/index.js';
import { schemaOrgProblems } from '../../libs/contracts/src/testing/schema-org.js';
import { createArticle } from './support/article-factory.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { jsonLd } from './support/rendered-page.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

// Its own Redis database: other suites running in parallel invalidate the shared article cache.
const CACHE_REDIS_URL = suiteRedisUrl('seo');

/** The configured origin (PUBLIC_URL); every request below is sent with another Host and forwarded headers. */
const ORIGIN = 'https://news.example.test';
const FOREIGN = { host: 'mirror.attacker.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
/** A small split, to see the sitemap cut into files (50,000 in production). */
const URLS_PER_FILE = 25;

/** Parses XML strictly (throws on any well-formedness error) into a list of element names and texts. */
function parseXml(xml: string): { elements: string[]; texts: Map<string, string[]> } {
  const parser = new SaxesParser({ xmlns: true });
  const elements: string[] = [];
  const texts = new Map<string, string[]>();
  const open: string[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    elements.push(tag.name);
    open.push(tag.name);
  });
  parser.on('closetag', () => void open.pop());
  parser.on('text', (text) => {
    const name = open.at(-1);
    if (name && text.trim()) texts.set(name, [...(texts.get(name) ?? []), text]);
  });
  parser.write(xml).close();
  return { elements, texts };
}

/** The content attribute of the first tag matching `selector` (e.g. `property="og:image"`). */
function metaContent(html: string, selector: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${selector}[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1];
}

describe('SEO without JavaScript, sitemap, robots and RSS', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(
      testConfig({
        SERVE_WEB: 'true',
        WEB_DIST_ROOT: distRoot,
        REDIS_URL: CACHE_REDIS_URL,
        PUBLIC_URL: ORIGIN,
        SITEMAP_URLS_PER_FILE: String(URLS_PER_FILE),
        TRUST_PROXY: 'true',
      }),
    );
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: FOREIGN });

  /** Every URL the sitemap lists, through its index and its gzip files (each checked to hold at most URLS_PER_FILE). */
  async function sitemapLocs(): Promise<{ files: string[]; locs: string[]; bodies: string[] }> {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const parsed = parseXml(index.body);
    expect(parsed.elements[0]).toBe('sitemapindex');
    const files = parsed.texts.get('loc')!;
    const locs: string[] = [];
    const bodies: string[] = [];
    for (const file of files) {
      expect(file.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
      const response = await get(new URL(file).pathname);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/gzip');
      const xml = gunzipSync(response.rawPayload).toString('utf8');
      const { elements, texts } = parseXml(xml);
      expect(elements[0]).toBe('urlset');
      const fileLocs = texts.get('loc') ?? [];
      expect(fileLocs.length).toBeLessThanOrEqual(URLS_PER_FILE);
      locs.push(...fileLocs);
      bodies.push(xml);
    }
    return { files, locs, bodies };
  }

  it("puts an article page's title, description, social tags, canonical URL and news-article JSON-LD into the HTML", async () => {
    const article = await createArticle(em, {
      title: 'Power Grids Meet the Data Centre Boom',
      category: 'Global Events',
      imageUrl: '/media/covers/grid.svg',
      content: `<h2>Load</h2><p>${'Utilities   are planning for a surge. '.repeat(10)}</p>`,
    });

    for (const url of [`/article/${article.slug}`, `/global-events/article/${article.slug}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title data-seo>Power Grids Meet the Data Centre Boom | The AI Mind</title>');
      expect(html.match(/<title/g)).toHaveLength(1);
      expect(html).not.toContain('Generic.');
      const description = metaContent(html, 'name="description"')!;
      expect(description.startsWith('Load Utilities are planning for a surge.')).toBe(true);
      // The content's first 160 characters (tags stripped, whitespace collapsed), then '...' (docs/product.md#validation).
      expect(description).toBe(`${`Load ${'Utilities are planning for a surge. '.repeat(10)}`.slice(0, 160)}...`);
      expect(description.endsWith(' Utilities a...')).toBe(true);
      expect(metaContent(html, 'property="og:image"')).toBe(`${ORIGIN}/media/covers/grid.svg`);
      expect(metaContent(html, 'property="og:type"')).toBe('article');
      expect(metaContent(html, 'name="twitter:card"')).toBe('summary_large_image');
      expect(metaContent(html, 'name="keywords"')).toBe('power, grids, meet, data, centre, boom');
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/global-events/article/${article.slug}" data-seo>`);
      expect(jsonLd(html)).toEqual([
        expect.objectContaining({
          // Inserted without a record of who wrote it: the site treats it as the AI's analysis, disclosed.
          '@type': 'AnalysisNewsArticle',
          headline: 'Power Grids Meet the Data Centre Boom',
          image: [`${ORIGIN}/media/covers/grid.svg`],
          digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
          backstory: expect.stringMatching(/^AI-generated: published by the AI Mind; how its text was written was not recorded; .+\.$/),
          publishingPrinciples: `${ORIGIN}/about/publishing-principles`,
          publisher: expect.objectContaining({ '@type': 'NewsMediaOrganization', masthead: `${ORIGIN}/about/masthead` }),
        }),
      ]);
      // Checked against schema.org's own definitions: every type, property, domain and range.
      expect(schemaOrgProblems(jsonLd(html))).toEqual([]);
      expect(html).toContain('<div id="root">');
    }
  });

  it('escapes stored text so it cannot break out of the head', async () => {
    const article = await createArticle(em, { title: 'Tags </title><script>alert(1)</script> "quoted"', metaDescription: '"/><script>alert(2)</script>' });
    const html = (await get(`/article/${article.slug}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;');
    expect(jsonLd(html)[0]!.headline).toBe('Tags </title><script>alert(1)</script> "quoted"');
  });

  it('describes the home page as a WebSite with a search action, published by a NewsMediaOrganization, and categories by their own name', async () => {
    const home = (await get('/')).body;
    expect(jsonLd(home)[0]).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
    expect(jsonLd(home)[1]).toMatchObject({
      '@type': 'NewsMediaOrganization',
      url: `${ORIGIN}/`,
      publishingPrinciples: `${ORIGIN}/about/publishing-principles`,
      correctionsPolicy: `${ORIGIN}/about/corrections-policy`,
      ethicsPolicy: `${ORIGIN}/about/ethics-and-ai`,
      masthead: `${ORIGIN}/about/masthead`,
      actionableFeedbackPolicy: `${ORIGIN}/about/publishing-principles#feedback`,
      verificationFactCheckingPolicy: `${ORIGIN}/about/publishing-principles#verification`,
      ownershipFundingInfo: `${ORIGIN}/about/ownership-and-funding`,
    });
    expect(schemaOrgProblems(jsonLd(home))).toEqual([]);
    expect(metaContent(home, 'property="og:url"')).toBe(`${ORIGIN}/`);

    const category = (await get('/category/Global%20Events')).body;
    expect(category).toContain('<title data-seo>Global Events | The AI Mind</title>');
    expect(category).toContain(`<link rel="canonical" href="${ORIGIN}/category/global-events" data-seo>`);
  });

  it('answers a missing article with 404 and noindex, leaving the admin app alone', async () => {
    const missing = await get('/article/no-such-story-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Article Not Found');
    expect(metaContent(missing.body, 'name="robots"')).toBe('noindex, follow');
    const admin = await get('/admin');
    expect(admin.body).toContain('<title>The AI Mind</title>');
    expect(admin.body).not.toContain('data-seo');
  });

  it('lists published articles and their categories with lastmod in a sitemap index of files of at most the split size, updated when articles change', async () => {
    const category = `Sitemap ${uniqueSuffix()}`;
    const article = await createArticle(em, { category, createdAt: new Date('2024-04-04T04:04:04.000Z') });
    const draft = await createArticle(em, { category, approved: false });
    // More than one file's worth of articles, so the sitemap is split.
    for (let i = 0; i < URLS_PER_FILE; i++) await createArticle(em, { category });
    await app.get(ArticlesCacheService).invalidate();

    const { files, locs, bodies } = await sitemapLocs();
    expect(files.length).toBeGreaterThan(1);
    const slug = category.toLowerCase().replace(/ /g, '-');
    expect(locs).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/about`, `${ORIGIN}/category/${slug}`, `${ORIGIN}/${slug}/article/${article.slug}`]));
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(bodies.join('\n')).toContain(`<loc>${ORIGIN}/${slug}/article/${article.slug}</loc><lastmod>2024-04-04T04:04:04.000Z</lastmod>`);
    expect(locs.some((loc) => loc.endsWith(draft.slug))).toBe(false);
    // One past the last file, and names that are no file: 404, never made.
    expect((await get(`/sitemaps/${files.length + 1}.xml.gz`)).statusCode).toBe(404);
    expect((await get('/sitemaps/0.xml.gz')).statusCode).toBe(404);
    expect((await get('/sitemaps/1.xml')).statusCode).toBe(404);

    // Each file is made once per change, whoever asks and however often.
    const entries = jest.spyOn(app.get(ArticleReads), 'sitemapEntries');
    try {
      const generation = app.get(ArticlesCacheService).currentGeneration();
      for (let i = 0; i < 3; i++) await get(new URL(files[0]!).pathname);
      if (app.get(ArticlesCacheService).currentGeneration() === generation) expect(entries.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      entries.mockRestore();
    }

    // Added behind the API's back: the committed change is heard (article_changed) and the sitemap rebuilt.
    const added = await createArticle(em, { category });
    const deadline = Date.now() + 2000;
    while (!(await sitemapLocs()).locs.some((loc) => loc.endsWith(added.slug)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await sitemapLocs()).locs.some((loc) => loc.endsWith(added.slug))).toBe(true);
  });

  it('answers an unknown category with 404 and keeps nothing for it; a category the site links to is a page even when empty', async () => {
    const cache = app.get(ArticlesCacheService);
    const prepared = app.get(PreparedResponseCache);
    const before = { values: cache.heldBytes(), prepared: prepared.heldBytes() };
    for (let i = 0; i < 5; i++) {
      const name = `Made Up ${uniqueSuffix()}`;
      const api = await get(`/api/articles?approved=true&category=${encodeURIComponent(name)}`);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ error: 'Not Found', message: `Category '${name}' not found` });
      const page = await get(`/category/${encodeURIComponent(name)}`);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Category not found');
      expect(metaContent(page.body, 'name="robots"')).toBe('noindex, follow');
    }
    expect(cache.heldBytes()).toBeLessThanOrEqual(before.values);
    expect(prepared.heldBytes()).toBeLessThanOrEqual(before.prepared);

    // A category the site links to is a page whether or not anything is published in it yet (the demo
    // seed of another suite may have published there in the shared database).
    const linked = await get('/category/future-predictions');
    expect(linked.statusCode).toBe(200);
    expect(linked.body).not.toContain('Category not found');
    expect(linked.body).toMatch(/No articles found in this category yet\.|Read More/);
    const withArticle = `Known ${uniqueSuffix()}`;
    await createArticle(em, { category: withArticle });
    await cache.invalidate();
    expect((await get(`/category/${encodeURIComponent(withArticle)}`)).statusCode).toBe(200);
  });

  it('serves an RSS 2.0 feed of the newest published articles as valid XML', async () => {
    const article = await createArticle(em, { title: 'Feeds & "Quotes" <Tags>', metaDescription: 'A feed item.' });
    await app.get(ArticlesCacheService).invalidate();
    const response = await get('/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { elements, texts } = parseXml(response.body);
    expect(elements.slice(0, 2)).toEqual(['rss', 'channel']);
    expect(texts.get('title')).toContain('Feeds & "Quotes" <Tags>');
    expect(texts.get('guid')).toContain(`${ORIGIN}/technology/article/${article.slug}`);
    expect(response.headers.etag).toBeDefined();
  });

  it('serves robots.txt pointing at the sitemap and keeping crawlers out of the admin app', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(response.body).not.toMatch(/attacker|evil/);
  });
});
