import { jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { createApiApp } from '../src/app/create-api-app.js';
import { prepare, PreparedResponseCache } from '../src/common/prepared-response-cache.js';
import { ArticleCountersSnapshot, COUNTERS_FORGET_MS } from '../src/modules/articles/article-counters.reader.js';
import { ArticlesService } from '../src/modules/articles/articles.service.js';
import { ArticlesCacheService } from '../src/modules/articles/index.js';
import { TRENDING_FEED_REUSE_MS, TrendingService } from '../src/modules/trending/trending.service.js';
import { createArticle } from './support/article-factory.js';
import { createOwnDatabase } from './support/own-database.js';
import { requestOverSocket } from './support/socket-request.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/** The headers every answer must carry, whoever wrote it. */
const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];

describe('prepared answers of the public reads, written by the HTTP server before Fastify and Nest run', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let articles: ArticlesService;
  let prepared: PreparedResponseCache;
  let origin: string;
  /** Prepared answers are written by the HTTP server itself: only a real request reaches them. */
  const send = (options: { method?: string; url: string; headers?: Record<string, string> }) => requestOverSocket(origin, options);
  /** A request of a route as the handler saw it, for putting answers by hand. */
  const fakeRequest = (url: string, route: string, config: object) =>
    ({ method: 'GET', url, raw: { url, headers: { host: new URL(origin).host } }, routeOptions: { url: route, config } }) as unknown as FastifyRequest;

  // A database of its own: an article change by another spec file would drop the prepared answers it counts.
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  beforeAll(async () => {
    own = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, NODE_ENV: 'production', COOKIE_SECURE: 'false', PUBLIC_URL: 'https://news.example' }));
    em = app.get(EntityManager);
    articles = app.get(ArticlesService);
    prepared = app.get(PreparedResponseCache);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    // Listening for article changes (caching starts then).
    const cache = app.get(ArticlesCacheService);
    while (!cache.isCaching()) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  /** Waits for PostgreSQL's notification of the article just written (it moves the cache generation). */
  async function heardOfIt(generation: number) {
    const cache = app.get(ArticlesCacheService);
    const deadline = Date.now() + 2000;
    while (cache.currentGeneration() === generation && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Counts how often Nest's handlers compute the list and the article (a prepared hit computes nothing). */
  function countComputations() {
    const list = jest.spyOn(articles, 'renderPublishedList');
    const article = jest.spyOn(articles, 'renderPublishedArticle');
    return {
      get count() {
        return list.mock.calls.length + article.mock.calls.length;
      },
      restore() {
        list.mockRestore();
        article.mockRestore();
      },
    };
  }

  it.each([
    ['the list', (category: string) => `/api/articles?approved=true&category=${encodeURIComponent(category)}`],
    ['an article', (_category: string, slug: string) => `/api/articles/slug/${slug}`],
  ])('answers %s from prepared bytes with the same body, headers, request id and ETag as the Nest path', async (_name, urlOf) => {
    const category = `Prepared ${uniqueSuffix()}`;
    const generation = app.get(ArticlesCacheService).currentGeneration();
    const article = await createArticle(em, { category });
    await heardOfIt(generation);
    const url = urlOf(category, article.slug);
    const computations = countComputations();
    try {
      const first = await send({ method: 'GET', url, headers: { 'x-request-id': 'first-request' } });
      const second = await send({ method: 'GET', url, headers: { 'x-request-id': 'second-request' } });
      const third = await send({ method: 'GET', url });
      expect(computations.count).toBe(1);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['x-request-id']).toBe('second-request');
      expect(third.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      for (const header of [...SECURITY_HEADERS, 'strict-transport-security', 'content-type', 'cache-control', 'etag']) {
        expect(second.headers[header]).toBeDefined();
        expect(second.headers[header]).toBe(first.headers[header]);
      }

      // A conditional request is a 304 with no body, from the prepared answer too.
      const conditional = await send({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(conditional.statusCode).toBe(304);
      expect(conditional.body).toBe('');
      for (const header of SECURITY_HEADERS) expect(conditional.headers[header]).toBe(first.headers[header]);
      expect(computations.count).toBe(1);

      // A cross-origin request (CORS) and a HEAD go the usual way, through Nest.
      const crossOrigin = await send({ method: 'GET', url, headers: { origin: 'https://elsewhere.example' } });
      expect(crossOrigin.body).toBe(first.body);
      expect(computations.count).toBe(2);

      // The key is the URL alone: another Host, a forwarded host or protocol, or one spelt 'undefined'
      // (which once collided with none), is answered from the same entry and makes no new one.
      const others: Record<string, string>[] = [
        { host: 'elsewhere.example' },
        { 'x-forwarded-host': 'elsewhere.example' },
        { 'x-forwarded-proto': 'https' },
        { 'x-forwarded-host': 'undefined' },
      ];
      for (const other of others) {
        const answer = await send({ method: 'GET', url, headers: other });
        expect(answer.body).toBe(first.body);
        expect(answer.headers.etag).toBe(first.headers.etag);
      }
      expect(computations.count).toBe(2);
    } finally {
      computations.restore();
    }
  });

  it('keeps the next-page headers of a list page', async () => {
    const category = `Paged ${uniqueSuffix()}`;
    for (let i = 0; i < 3; i++) await createArticle(em, { category });
    const url = `/api/articles?approved=true&limit=2&category=${encodeURIComponent(category)}`;
    const first = await send({ method: 'GET', url });
    const second = await send({ method: 'GET', url });
    expect(first.headers.link).toBeDefined();
    expect(second.headers.link).toBe(first.headers.link);
    expect(second.headers['x-next-cursor'] ?? null).toBe(first.headers['x-next-cursor'] ?? null);
  });

  it('stops answering from prepared bytes once an article changes, in this process at once', async () => {
    const category = `Changing ${uniqueSuffix()}`;
    const article = await createArticle(em, { category, title: 'Before' });
    const url = `/api/articles/slug/${article.slug}`;
    expect((await send({ method: 'GET', url })).json().title).toBe('Before');
    await em.getConnection().execute('update article set title = ? where id = ?', ['After', article.id]);
    await app.get(ArticlesCacheService).invalidate();
    expect((await send({ method: 'GET', url })).json().title).toBe('After');
  });

  it('ends an answer prepared with counts the snapshot stops refreshing, so a later like is shown', async () => {
    const article = await createArticle(em, { likes: 1 });
    const url = `/api/articles/slug/${article.slug}`;
    await send({ url });
    expect((await send({ url })).json().likes).toBe(1);
    // Only prepared hits for longer than the snapshot keeps an article it is not asked for.
    const snapshot = app.get(ArticleCountersSnapshot);
    const version = snapshot.version;
    const later = Date.now() + COUNTERS_FORGET_MS + 1000;
    const now = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const deadline = performance.now() + 2000;
      while (snapshot.version === version && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      now.mockRestore();
    }
    // A reader's like (one step: no article change is announced, the cache generation stays).
    await em.getConnection().execute('update article set likes = likes + 1 where id = ?', [article.id]);
    expect((await send({ url })).json().likes).toBe(2);
  });

  it('never serves a prepared answer while article changes cannot be heard', async () => {
    const article = await createArticle(em, { title: 'Heard' });
    const url = `/api/articles/slug/${article.slug}`;
    await send({ method: 'GET', url });
    const cache = app.get(ArticlesCacheService);
    const computations = countComputations();
    try {
      cache.setListening(false, null);
      await send({ method: 'GET', url });
      await send({ method: 'GET', url });
      expect(computations.count).toBe(2);
    } finally {
      computations.restore();
      cache.setListening(true, null);
    }
  });

  it('answers the trending feed from prepared bytes only while the feed is reused', async () => {
    const trending = app.get(TrendingService);
    const render = jest.spyOn(trending, 'renderFeed');
    try {
      await send({ method: 'GET', url: '/api/trending' });
      await send({ method: 'GET', url: '/api/trending' });
      expect(render).toHaveBeenCalledTimes(1);
      // Past the reuse window: the feed is read again once, then prepared again.
      const later = Date.now() + TRENDING_FEED_REUSE_MS + 1000;
      jest.spyOn(Date, 'now').mockReturnValue(later);
      await send({ method: 'GET', url: '/api/trending' });
      await send({ method: 'GET', url: '/api/trending' });
      expect(render).toHaveBeenCalledTimes(2);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('keeps no answer of a route that is not public, so an admin route is never answered from one', async () => {
    const held = prepared.heldBytes();
    prepared.put(
      fakeRequest('/api/admin/articles', '/api/admin/articles', {}),
      prepare(Buffer.from('[{"leaked":true}]'), { contentType: 'application/json', cacheControl: 'public', etag: 'W/"x"' }),
      () => true,
    );
    expect(prepared.heldBytes()).toBe(held);
    const response = await send({ method: 'GET', url: '/api/admin/articles' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('leaked');
  });

  it('keeps no answer of a public, cacheable route that does not declare prepared answers, nor a private answer of one that does', async () => {
    const held = prepared.heldBytes();
    const answer = (cacheControl: string) => prepare(Buffer.from('<p>kept?</p>'), { contentType: 'text/html; charset=utf-8', cacheControl, etag: '"kept"' });
    // The files' route (media, bundles) is public and cacheable, but keeps no prepared answer: a put by hand is inert.
    prepared.put(fakeRequest('/media/covers/x.svg', '/media/*', { access: 'public', cacheable: {} }), answer('public, max-age=86400'), () => true);
    // A route declaring prepared answers keeps none whose own Cache-Control is not public (an admin page, a reader's outcome).
    prepared.put(fakeRequest('/admin', '/*', { access: 'public', cacheable: { prepared: 'answer' } }), answer('private, no-store'), () => true);
    expect(prepared.heldBytes()).toBe(held);
    expect(prepared.find({ method: 'GET', url: '/media/covers/x.svg', headers: {} } as never)).toBeUndefined();
    expect(prepared.find({ method: 'GET', url: '/admin', headers: {} } as never)).toBeUndefined();
    // The pages' declaration keeps a public page.
    prepared.put(
      fakeRequest('/about?kept=1', '/*', { access: 'public', cacheable: { prepared: 'answer' } }),
      answer('public, max-age=0, must-revalidate'),
      () => true,
    );
    expect(prepared.heldBytes()).toBeGreaterThan(held);
    expect(prepared.find({ method: 'GET', url: '/about?kept=1', headers: {} } as never)?.response.etag).toBe('"kept"');
  });

  it('sends the compressed form a client accepts, and the plain one otherwise', async () => {
    const body = Buffer.from(`<!doctype html><p>${'page '.repeat(500)}</p>`);
    prepared.put(
      fakeRequest('/api/trending?page=html', '/api/trending', { access: 'public', cacheable: { prepared: true } }),
      prepare(body, { contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, must-revalidate', etag: 'W/"page"', compress: 'best' }),
      () => true,
    );
    const url = '/api/trending?page=html';
    const plain = await send({ method: 'GET', url });
    const gzip = await send({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const br = await send({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const refused = await send({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(body)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(body)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(body)).toBe(true);
    expect(refused.headers['content-encoding']).toBeUndefined();
    for (const response of [plain, gzip, br]) {
      expect(response.headers.vary).toBe('accept-encoding');
      for (const header of SECURITY_HEADERS) expect(response.headers[header]).toBeDefined();
    }
  });
});
