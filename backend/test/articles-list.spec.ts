import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { ARTICLE_PAGE_SIZE, ArticleSummaryListSchema, NEXT_CURSOR_HEADER } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { ArticlesCacheService } from '../src/modules/articles/index.js';
import { COUNTERS_REFRESH_MS } from '../src/modules/articles/article-counters.reader.js';
import { createArticle } from './support/article-factory.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

// Its own Redis database: other suites running in parallel invalidate the shared article cache.
const CACHE_REDIS_URL = suiteRedisUrl('articles-list');

const HOUR = 60 * 60 * 1000;

describe('the public article list: pages, excerpts, caching', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let cache: ArticlesCacheService;

  beforeAll(async () => {
    app = await createApiApp(testConfig({ REDIS_URL: CACHE_REDIS_URL }));
    em = app.get(EntityManager);
    cache = app.get(ArticlesCacheService);
  });
  afterAll(() => app.close());

  async function list(url: string) {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return { response, items: ArticleSummaryListSchema.parse(response.json()) };
  }

  /** Counters reach cached pages within COUNTERS_REFRESH_MS (an in-memory snapshot); waits up to 2 s for `check` to hold. */
  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 2000;
    let value = await read();
    while (!check(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      value = await read();
    }
    return value;
  }

  /** `count` published articles of a new category, one hour apart, newest last in the returned list. */
  async function seedCategory(count: number, createdAt = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * HOUR)) {
    const category = `Paging ${uniqueSuffix()}`;
    const articles = [];
    for (let i = 0; i < count; i++) articles.push(await createArticle(em, { category, createdAt: createdAt(i) }));
    return { category, articles };
  }

  it(`serves ${ARTICLE_PAGE_SIZE} newest first by default and walks every page with the cursor`, async () => {
    const { category, articles } = await seedCategory(ARTICLE_PAGE_SIZE * 2 + 3);
    const expected = articles.map((a) => a.slug).reverse();

    const seen: string[] = [];
    let url: string | null = `/api/articles?approved=true&category=${encodeURIComponent(category)}`;
    const pageSizes: number[] = [];
    while (url) {
      const { response, items } = await list(url);
      pageSizes.push(items.length);
      seen.push(...items.map((a) => a.slug));
      const next = response.headers[NEXT_CURSOR_HEADER];
      if (next)
        expect(response.headers.link).toBe(
          `</api/articles?approved=true&category=${encodeURIComponent(category).replace(/%20/g, '+')}&cursor=${next}>; rel="next"`,
        );
      url = next ? `/api/articles?approved=true&category=${encodeURIComponent(category)}&cursor=${next}` : null;
    }
    expect(pageSizes).toEqual([ARTICLE_PAGE_SIZE, ARTICLE_PAGE_SIZE, 3]);
    expect(seen).toEqual(expected);
  });

  it('breaks ties of equal timestamps by id, so no article is skipped or repeated across pages', async () => {
    const same = new Date('2024-02-02T02:02:02.000Z');
    const { category, articles } = await seedCategory(7, () => same);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { response, items } = await list(
        `/api/articles?approved=true&limit=3&category=${encodeURIComponent(category)}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...items.map((a) => a.slug));
      cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
    } while (cursor);
    expect(seen).toEqual([...articles].sort((a, b) => b.id - a.id).map((a) => a.slug));
  });

  it('carries a 200-character excerpt instead of the article HTML', async () => {
    const category = `Excerpt ${uniqueSuffix()}`;
    await createArticle(em, { category, content: `<h2>Heading</h2><p>${'Plenty of words here. '.repeat(40)}</p>` });

    const { response, items } = await list(`/api/articles?approved=true&category=${encodeURIComponent(category)}`);

    expect(items[0]!.excerpt.startsWith('Heading Plenty of words here.')).toBe(true);
    expect(items[0]!.excerpt.endsWith('...')).toBe(true);
    expect(items[0]!.excerpt.length).toBeLessThanOrEqual(203);
    expect(response.json()[0]).not.toHaveProperty('content');
  });

  it('refuses a forged cursor and a limit above the maximum with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['cursor=eyJvIjotMX0', 'cursor'],
      ['limit=500', 'limit'],
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/articles?approved=true&${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].path).toBe(field);
    }
  });

  it('refuses a well-formed cursor that names no article of the list (400) and keeps nothing for it', async () => {
    const category = `Cursors ${uniqueSuffix()}`;
    for (let i = 0; i < 3; i++) await createArticle(em, { category });
    const other = await createArticle(em, { category: `Elsewhere ${uniqueSuffix()}` });
    const { response } = await list(`/api/articles?approved=true&limit=2&category=${encodeURIComponent(category)}`);
    const real = response.headers[NEXT_CURSOR_HEADER] as string;
    const made = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [row] = await em.getConnection().execute<{ created_at: string }[]>('select created_at::text as created_at from article where id = ?', [other.id]);
    const before = cache.heldBytes();
    for (const [cursor, scope] of [
      // A made-up position: no article at that time with that id.
      [made({ c: '2020-01-01 00:00:00+00', i: 987654321 }), `&category=${encodeURIComponent(category)}`],
      [made({ c: '2020-01-01 00:00:00+00', i: other.id }), ''],
      // A real article of another category.
      [made({ c: row!.created_at, i: other.id }), `&category=${encodeURIComponent(category)}`],
      // A search position past its results.
      [made({ o: 9000 }), '&search=grid'],
    ]) {
      const refused = await app.inject({ method: 'GET', url: `/api/articles?approved=true&limit=2${scope}&cursor=${cursor}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].path).toBe('cursor');
    }
    expect(cache.heldBytes()).toBeLessThanOrEqual(before);
    // The cursor the list gave is still followed.
    expect((await list(`/api/articles?approved=true&limit=2&category=${encodeURIComponent(category)}&cursor=${real}`)).items).toHaveLength(1);
  });

  it('serves cached pages until published content changes, then the new article at once', async () => {
    const { category, articles } = await seedCategory(1);
    const url = `/api/articles?approved=true&category=${encodeURIComponent(category)}`;
    expect((await list(url)).items.map((a) => a.slug)).toEqual([articles[0]!.slug]);

    // Written behind the API's back: the committed change is heard (article_changed) and drops the cache.
    const later = await createArticle(em, { category, createdAt: new Date(Date.UTC(2025, 0, 1)) });
    const deadline = Date.now() + 2000;
    while ((await list(url)).items.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await list(url)).items.map((a) => a.slug)).toEqual([later.slug, articles[0]!.slug]);

    await cache.invalidate();
    expect((await list(url)).items.map((a) => a.slug)).toEqual([later.slug, articles[0]!.slug]);
  });

  it('shows current like, share and comment counts on a cached page within the counters refresh', async () => {
    const { category, articles } = await seedCategory(1);
    const url = `/api/articles?approved=true&category=${encodeURIComponent(category)}`;
    expect((await list(url)).items[0]!.likes).toBe(0);
    await em.getConnection().execute('update article set likes = likes + 5, shares = shares + 2 where id = ?', [articles[0]!.id]);
    const started = Date.now();
    const { items } = await eventually(
      () => list(url),
      ({ items }) => items[0]!.likes === 5,
    );
    expect(items[0]).toMatchObject({ likes: 5, shares: 2 });
    expect(Date.now() - started).toBeLessThan(4 * COUNTERS_REFRESH_MS);
  });

  it('serves a single article from the cache with current counts, and its edits as soon as they commit', async () => {
    const article = await createArticle(em, { likes: 1 });
    const url = `/api/articles/slug/${article.slug}`;
    expect((await app.inject({ method: 'GET', url })).json()).toMatchObject({ title: article.title, likes: 1 });

    // A reader's like drops no cache; the cached article shows it anyway, within the counters refresh.
    await em.getConnection().execute('update article set likes = likes + 1 where id = ?', [article.id]);
    const liked = await eventually(
      () => app.inject({ method: 'GET', url }),
      (response) => response.json().likes === 2,
    );
    expect(liked.json()).toMatchObject({ title: article.title, likes: 2 });

    // Edited behind the API's back: the committed change is heard (article_changed) and the cached article dropped.
    await em.getConnection().execute('update article set title = ? where id = ?', [`Renamed ${article.slug}`, article.id]);
    const deadline = Date.now() + 2000;
    while ((await app.inject({ method: 'GET', url })).json().title !== `Renamed ${article.slug}` && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await app.inject({ method: 'GET', url })).json()).toMatchObject({ title: `Renamed ${article.slug}`, likes: 2 });
  });

  it('reads counters for many concurrent readers with no query of theirs: one refresh serves them all', async () => {
    const { category, articles } = await seedCategory(3);
    const url = `/api/articles?approved=true&category=${encodeURIComponent(category)}`;
    await list(url);
    await em.getConnection().execute('update article set likes = likes + 7 where id = ?', [articles[0]!.id]);
    await eventually(
      () => list(url),
      ({ items }) => items.find((item) => item.id === articles[0]!.id)?.likes === 7,
    );

    // Counts the counter queries, passing every call through unchanged.
    const connection = em.getConnection();
    const execute = connection.execute.bind(connection);
    let counterQueries = 0;
    connection.execute = ((query: string, ...rest: unknown[]) => {
      if (query.startsWith('select id, likes, shares, comments')) counterQueries += 1;
      return (execute as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof connection.execute;
    try {
      const pages = await Promise.all(Array.from({ length: 40 }, () => list(url)));
      for (const { items } of pages) expect(items.find((item) => item.id === articles[0]!.id)?.likes).toBe(7);
    } finally {
      connection.execute = execute;
    }
    // Only the snapshot's own refreshes (one per COUNTERS_REFRESH_MS), however many readers.
    expect(counterQueries).toBeLessThan(4);
  });

  it('answers with an ETag and public revalidation, and 304 when the reader already has it', async () => {
    const { category } = await seedCategory(2);
    const url = `/api/articles?approved=true&category=${encodeURIComponent(category)}`;
    const first = await app.inject({ method: 'GET', url });
    // Lists show counts no reader's count purges: the shared cache keeps them a short while (LISTED_COUNTS_MAX_AGE_SECONDS).
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(first.headers['surrogate-control']).toBe('stale-while-revalidate=30, stale-if-error=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await em.getConnection().execute('update article set likes = likes + 1 where category = ?', [category]);
    const changed = await eventually(
      () => app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } }),
      (response) => response.statusCode === 200,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('gives single articles an ETag too, and errors none', async () => {
    const article = await createArticle(em);
    const found = await app.inject({ method: 'GET', url: `/api/articles/slug/${article.slug}` });
    expect(found.headers.etag).toBeDefined();
    const missing = await app.inject({ method: 'GET', url: '/api/articles/slug/not-there-at-all' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
