import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { ArticleSchema, ArticleSummaryListSchema, ErrorResponseSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { ArticlesCacheService } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

describe('articles API', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  it('lists published articles of a category, newest first, without drafts', async () => {
    const category = `Category ${uniqueSuffix()}`;
    const older = await createArticle(em, { category, createdAt: new Date('2024-01-05T10:00:00Z') });
    const newer = await createArticle(em, { category, createdAt: new Date('2024-03-01T10:00:00Z') });
    await createArticle(em, { category, approved: false });
    await createArticle(em, { category: `Other ${uniqueSuffix()}` });

    const response = await app.inject({ method: 'GET', url: `/api/articles?approved=true&category=${encodeURIComponent(category)}` });

    expect(response.statusCode).toBe(200);
    const articles = ArticleSummaryListSchema.parse(response.json());
    expect(articles.map((a) => a.slug)).toEqual([newer.slug, older.slug]);
    expect(articles[0]).toMatchObject({ approved: true, isApproved: true, category, createdAt: '2024-03-01T10:00:00.000Z' });
  });

  it('matches a category in its URL form (lowercase, hyphens)', async () => {
    const suffix = uniqueSuffix();
    const article = await createArticle(em, { category: `Global Events ${suffix}` });

    const response = await app.inject({ method: 'GET', url: `/api/articles?approved=true&category=global-events-${suffix}` });

    expect(response.json().map((a: { slug: string }) => a.slug)).toEqual([article.slug]);
  });

  it('includes new published articles in the plain list', async () => {
    const article = await createArticle(em);
    // Publishing goes through the cache invalidation; the factory writes to the database directly.
    await app.get(ArticlesCacheService).invalidate();
    const response = await app.inject({ method: 'GET', url: '/api/articles?approved=true' });
    expect(response.json().map((a: { slug: string }) => a.slug)).toContain(article.slug);
  });

  it('serves one published article by slug', async () => {
    const article = await createArticle(em, { title: 'A slug lookup' });

    const response = await app.inject({ method: 'GET', url: `/api/articles/slug/${article.slug}` });

    expect(response.statusCode).toBe(200);
    expect(ArticleSchema.parse(response.json())).toMatchObject({ id: article.id, title: 'A slug lookup', slug: article.slug });
  });

  it('gives readers the body ready to show: escaped markup unescaped, whatever was stored sanitized', async () => {
    // Written past the article store, as SQL by hand would: nothing was sanitized on the way in.
    const article = await createArticle(em, {
      content:
        '&lt;h2&gt;Escaped heading&lt;/h2&gt;&lt;script&gt;alert(1)&lt;/script&gt;<p onclick="x()">Body <a href="javascript:alert(2)">js</a> ' +
        '<a href="https://x.example" target="_blank">out</a></p><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>',
    });

    const response = await app.inject({ method: 'GET', url: `/api/articles/slug/${article.slug}` });

    expect(response.json().content).toBe(
      '<h2>Escaped heading</h2><p>Body <a>js</a> <a href="https://x.example" target="_blank" rel="noopener noreferrer">out</a></p><img src="x" />',
    );
  });

  it('answers 404 with a JSON message for unknown slugs and for drafts', async () => {
    const draft = await createArticle(em, { approved: false });
    for (const slug of ['no-such-article', draft.slug]) {
      const response = await app.inject({ method: 'GET', url: `/api/articles/slug/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(ErrorResponseSchema.parse(response.json())).toEqual({ error: 'Not Found', message: `Article '${slug}' not found` });
    }
  });

  it('refuses a draft listing with a 400 naming the field', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/articles?approved=false' });

    expect(response.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(response.json());
    expect(body.error).toBe('Bad Request');
    expect(body.details).toEqual([{ path: 'approved', message: "must be 'true': only published articles are public" }]);
  });

  it('refuses a malformed slug with a 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/articles/slug/Not%20A%20Slug' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('slug');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(response.json()).error).toBe('Not Found');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error).toBe('Bad Request');
  });

  it('echoes a request id on every response', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/articles', headers: { 'x-request-id': 'req-abc.123' } });
    expect(response.headers['x-request-id']).toBe('req-abc.123');
  });
});
