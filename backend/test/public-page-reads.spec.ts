import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { freePort, startRedis } from '../../scripts/lib/services.mjs';
import { createApiApp } from '../src/app/create-api-app.js';
import { cacheKeys, keysOfHeader, SURROGATE_KEY_HEADER } from '../src/common/surrogate-keys.js';
import { PublicPageReadsService } from '../src/modules/pages/index.js';
import { createArticle } from './support/article-factory.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';

/**
 * The reads a server-rendered page is made from answer what the public endpoints answer, read in
 * process: the same JSON, the same surrogate keys, the same refusals, and never an unpublished article.
 */
describe('public page reads: what the public endpoints answer, without a request', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let reads: PublicPageReadsService;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createOwnDatabase(), freePort().then((port) => startRedis({ port }))]);
    app = await createApiApp(testConfig({ DATABASE_URL: database.url, REDIS_URL: redis.url }));
    em = app.get(EntityManager);
    reads = app.get(PublicPageReadsService);
  });
  afterAll(async () => {
    await app.close();
    await Promise.all([database.drop(), redis.stop()]);
  });

  /** The endpoint's answer: its JSON and the keys its surrogate-key header names (but the whole-site key every shared answer carries). */
  async function endpoint(url: string): Promise<{ status: number; json: unknown; keys: Set<string> }> {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const keys = new Set(keysOfHeader(response.headers[SURROGATE_KEY_HEADER] as string | undefined).filter((key) => key !== cacheKeys.site));
    return { status: response.statusCode, json: response.statusCode === 200 ? response.json() : null, keys };
  }

  it('reads an article, a list, a category and the corrections as their endpoints answer them, naming the same keys', async () => {
    const published = await createArticle(em, { title: 'Grid Storage Comes of Age', category: 'Economics' });
    await createArticle(em, { title: 'Another Published Story', category: 'Technology' });

    const keys = new Set<string>();
    const read = reads.forRender(keys);
    expect(await read.articleBySlug(published.slug)).toEqual((await endpoint(`/api/articles/slug/${published.slug}`)).json);
    expect(keys).toEqual((await endpoint(`/api/articles/slug/${published.slug}`)).keys);

    for (const [filter, url] of [
      [{}, '/api/articles?approved=true'],
      [{ category: 'Economics' }, '/api/articles?approved=true&category=Economics'],
    ] as const) {
      const listKeys = new Set<string>();
      const page = await reads.forRender(listKeys).articlePage(filter, null);
      const answer = await endpoint(url);
      expect(page.items).toEqual(answer.json);
      expect(page.missing).toBeUndefined();
      expect(listKeys).toEqual(answer.keys);
    }

    const correctionKeys = new Set<string>();
    expect(await reads.forRender(correctionKeys).corrections()).toEqual((await endpoint('/api/corrections')).json);
    expect(correctionKeys).toEqual((await endpoint('/api/corrections')).keys);
    const newsroomKeys = new Set<string>();
    expect(await reads.forRender(newsroomKeys).newsroomPage('masthead')).toEqual((await endpoint('/api/newsroom/masthead')).json);
    expect(newsroomKeys).toEqual((await endpoint('/api/newsroom/masthead')).keys);
    expect(await read.comments(published.id)).toEqual((await endpoint(`/api/articles/${published.id}/comments`)).json);
  });

  it('never reads an unpublished article: null where its endpoint is a 404, absent from the lists, its comments refused', async () => {
    const draft = await createArticle(em, { title: 'A Draft Nobody May Read', category: 'Economics', approved: false });
    const read = reads.forRender(new Set());

    expect((await endpoint(`/api/articles/slug/${draft.slug}`)).status).toBe(404);
    expect(await read.articleBySlug(draft.slug)).toBeNull();
    const listed = await read.articlePage({ category: 'Economics' }, null);
    expect(listed.items.map((item) => item.id)).not.toContain(draft.id);
    expect((await endpoint(`/api/articles/${draft.id}/comments`)).status).toBe(404);
    await expect(read.comments(draft.id)).rejects.toMatchObject({ status: 404 });
  });

  it('answers a missing list where the endpoint refuses it: an unknown category (404), a cursor naming nothing (400)', async () => {
    const read = reads.forRender(new Set());
    expect((await endpoint('/api/articles?approved=true&category=made-up-things')).status).toBe(404);
    expect(await read.articlePage({ category: 'made-up-things' }, null)).toEqual({ items: [], nextCursor: null, missing: true });
    expect((await endpoint('/api/articles?approved=true&cursor=not-a-cursor')).status).toBe(400);
    expect(await read.articlePage({}, 'not-a-cursor')).toEqual({ items: [], nextCursor: null, missing: true });
  });
});
