import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { AdminArticleSummarySchema, ContactSubmissionSchema, TrendingTopicSchema, UpdateArticleResponseSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { Article, DeletedArticle } from '../src/modules/articles/index.js';
import { ContactSubmission } from '../src/modules/contact/index.js';
import { TrendingTopic } from '../src/modules/trending/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { gunzipSync } from 'node:zlib';
import { suiteRedisUrl } from './support/suite-redis.js';

describe('admin article calls', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;

  beforeAll(async () => {
    // Its own queues (Redis database 2, no worker): Refresh Data's trending refresh must not run on the shared database.
    app = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('admin-articles') }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
  });
  afterAll(() => app.close());

  it('lists drafts and published articles alike', async () => {
    const draft = await createArticle(em, { approved: false });
    const published = await createArticle(em);
    const response = await app.inject({ method: 'GET', url: '/api/admin/articles', headers: admin.headers });
    const slugs = AdminArticleSummarySchema.array()
      .parse(response.json())
      .map((a) => a.slug);
    expect(slugs).toEqual(expect.arrayContaining([draft.slug, published.slug]));
  });

  it('publishes a draft, which then shows on the public site', async () => {
    const draft = await createArticle(em, { approved: false });
    const response = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: String(draft.id) } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('is published');
    expect((await app.inject({ method: 'GET', url: `/api/articles/slug/${draft.slug}` })).statusCode).toBe(200);
  });

  it("refuses a non-numeric blog id with 'Invalid blog ID: ...'", async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: 'abc' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'blogId', message: 'Invalid blog ID: abc' }]);
  });

  it('answers 404 for a blog that does not exist', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: 999_999_999 } });
    expect(response.statusCode).toBe(404);
  });

  it('deletes a declined blog for good and leaves a tombstone', async () => {
    const draft = await createArticle(em, { approved: false });
    const response = await app.inject({ method: 'POST', url: '/api/admin/decline-blog', headers: admin.headers, payload: { blogId: draft.id } });
    expect(response.statusCode).toBe(200);
    const fork = em.fork();
    expect(await fork.findOne(Article, draft.id)).toBeNull();
    expect(await fork.findOne(DeletedArticle, { articleId: draft.id })).toMatchObject({ slug: draft.slug, deletedBy: admin.username });
  });

  it('saves an edit with sanitized content and answers with the structured data', async () => {
    const article = await createArticle(em);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}`,
      headers: admin.headers,
      payload: {
        title: '  A sharper headline ',
        content: '<h2>Part</h2><p onclick="x()">Body<script>alert(1)</script></p>',
        metaDescription: 'Short and true.',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = UpdateArticleResponseSchema.parse(response.json());
    expect(body.sitemapUpdated).toBe(true);
    expect(body.seoSchema).toMatchObject({ '@type': 'AnalysisNewsArticle', headline: 'A sharper headline', description: 'Short and true.' });
    const saved = await em.fork().findOneOrFail(Article, article.id);
    expect(saved).toMatchObject({ title: 'A sharper headline', content: '<h2>Part</h2><p>Body</p>', metaDescription: 'Short and true.' });
  });

  it('keeps the sitemap current through publish and delete, despite its cache', async () => {
    const draft = await createArticle(em, { approved: false });
    // The index and every file it lists, as a crawler reads them.
    const sitemap = async () => {
      const index = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
      return (await Promise.all(files.map(async (file) => gunzipSync((await app.inject({ method: 'GET', url: file })).rawPayload).toString('utf8')))).join(
        '\n',
      );
    };
    expect(await sitemap()).not.toContain(draft.slug);
    await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: draft.id } });
    expect(await sitemap()).toContain(draft.slug);
    await app.inject({ method: 'POST', url: '/api/admin/decline-blog', headers: admin.headers, payload: { blogId: draft.id } });
    expect(await sitemap()).not.toContain(draft.slug);
  });

  it('lists the stored trending topics for the admin, most-discussed first', async () => {
    const fork = em.fork();
    const suffix = uniqueSuffix();
    fork.create(TrendingTopic, { topic: `Quiet topic ${suffix}`, source: 'Reuters', category: 'Economics', mentions: 3, sourceUrl: null });
    fork.create(TrendingTopic, {
      topic: `Loud topic ${suffix}`,
      source: 'BBC News',
      priority: 'high',
      category: 'Politics',
      mentions: 900_000,
      sourceUrl: 'https://example.com/loud',
    });
    await fork.flush();
    const response = await app.inject({ method: 'GET', url: '/api/trending-topics', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const topics = TrendingTopicSchema.array().parse(response.json());
    expect(topics.map((t) => t.mentions)).toEqual([...topics.map((t) => t.mentions)].sort((a, b) => b - a));
    expect(topics.find((t) => t.topic === `Loud topic ${suffix}`)).toMatchObject({
      source: 'BBC News',
      priority: 'high',
      sourceUrl: 'https://example.com/loud',
    });
    expect(topics.findIndex((t) => t.topic === `Loud topic ${suffix}`)).toBeLessThan(topics.findIndex((t) => t.topic === `Quiet topic ${suffix}`));
  });

  it('Refresh Data clears the cached lists, rebuilds the sitemap and reports the counts', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/articles?approved=true&limit=50' })).json().length;
    const response = await app.inject({ method: 'POST', url: '/api/admin/refresh-data', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.publishedArticles).toBeGreaterThanOrEqual(before);
    expect(body.totalArticles).toBeGreaterThanOrEqual(body.publishedArticles);
    expect(body.message).toBe(
      `Caches cleared and sitemap rebuilt: ${body.publishedArticles} of ${body.totalArticles} articles are published. Trending topics are being refreshed from the feeds.`,
    );
    expect(body.sitemapArticleUrls).toBeGreaterThanOrEqual(before);
    const waiting = await app.get(JobProducer).queue('trending').getJobs(['waiting']);
    expect(waiting.some((job) => job.name === 'trending-refresh' && job.data.trigger === 'manual')).toBe(true);
  });

  it('refuses an edit without title or content, writing nothing', async () => {
    const article = await createArticle(em, { title: 'Unchanged title' });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}`,
      headers: admin.headers,
      payload: { title: 'New', content: '<p>  </p>' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'content', message: 'Please fill in both title and content before saving.' }]);
    expect((await em.fork().findOneOrFail(Article, article.id)).title).toBe('Unchanged title');
  });

  it('lists contact messages, newest first', async () => {
    const fork = em.fork();
    const subject = `Question ${uniqueSuffix()}`;
    fork.create(ContactSubmission, { name: 'Ada', email: 'ada@example.com', subject, message: 'Hello there' });
    await fork.flush();
    const response = await app.inject({ method: 'GET', url: '/api/admin/contact-submissions', headers: admin.headers });
    const [latest] = ContactSubmissionSchema.array().parse(response.json());
    expect(latest).toMatchObject({ name: 'Ada', email: 'ada@example.com', subject, message: 'Hello there' });
  });
});
