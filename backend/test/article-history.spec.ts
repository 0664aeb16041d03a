import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { AdminArticleSchema, ArticleRevisionDetailSchema, ArticleRevisionListSchema, VERSION_CONFLICT_PREFIX, type AdminArticle } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { isClearError } from './security/attack-tally.js';
import { suiteRedisUrl } from './support/suite-redis.js';

describe('article history for editors', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;

  // A database of its own: suites that count every row of the shared one must not see these.
  beforeAll(async () => {
    own = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, REDIS_URL: suiteRedisUrl('article-history') }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: admin.headers });
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: admin.headers, payload });
  const current = async (id: number): Promise<AdminArticle> => AdminArticleSchema.parse((await get(`/api/admin/articles/${id}`)).json());

  it('lists every committed change with who made it and what changed, and shows any version in full', async () => {
    const draft = await createArticle(em, { approved: false, title: `History ${uniqueSuffix()}`, content: '<p>First text.</p>' });
    const v1 = (await current(draft.id)).version;
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${draft.id}`,
      headers: admin.headers,
      payload: { title: 'Second title', content: '<p>Second text.</p>', metaDescription: 'Second description.', version: v1 },
    });
    expect(edit.statusCode).toBe(200);
    expect((await post('/api/admin/approve-blog', { blogId: draft.id, version: v1 + 1 })).statusCode).toBe(200);

    const list = ArticleRevisionListSchema.parse((await get(`/api/admin/articles/${draft.id}/revisions`)).json());
    expect(list.map((r) => [r.action, r.actor, r.version])).toEqual([
      ['publish', `admin:${admin.username}`, v1 + 2],
      ['update', `admin:${admin.username}`, v1 + 1],
      ['create', expect.stringMatching(/^sql:/), v1],
    ]);
    // Publishing moves the review stage with the published flag.
    expect(list[0]!.changed).toEqual(['approved', 'stage']);
    expect(list[1]!.changed).toEqual(['content', 'meta_description', 'title']);

    const oldest = ArticleRevisionDetailSchema.parse((await get(`/api/admin/articles/${draft.id}/revisions/${list[2]!.id}`)).json());
    expect(oldest).toMatchObject({ title: draft.title, content: '<p>First text.</p>', approved: false, metaDescription: null });
  });

  it('restores an earlier version as a new revision, audited, keeping the status', async () => {
    const article = await createArticle(em, { title: `Restore me ${uniqueSuffix()}`, content: '<p>Original.</p>', metaDescription: 'Original description.' });
    const loaded = await current(article.id);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}`,
      headers: admin.headers,
      payload: { title: 'Worse title', content: '<p>Worse.</p>', metaDescription: '', version: loaded.version },
    });
    const [, original] = ArticleRevisionListSchema.parse((await get(`/api/admin/articles/${article.id}/revisions`)).json());

    const now = await current(article.id);
    const restored = await post(`/api/admin/articles/${article.id}/revisions/${original!.id}/restore`, { version: now.version });
    expect(restored.statusCode).toBe(200);
    expect(AdminArticleSchema.parse(restored.json())).toMatchObject({
      title: article.title,
      content: '<p>Original.</p>',
      metaDescription: 'Original description.',
      approved: true,
      version: now.version + 1,
    });
    const [newest] = ArticleRevisionListSchema.parse((await get(`/api/admin/articles/${article.id}/revisions`)).json());
    expect(newest).toMatchObject({ action: 'restore', actor: `admin:${admin.username}` });
    const audited = await em.fork().execute<{ action: string }[]>('select action from audit_log where actor = ? order by id desc limit 1', [admin.username]);
    expect(audited[0]!.action).toBe('POST /api/admin/articles/:id/revisions/:revisionId/restore');

    // Restoring over a version that is no longer current is refused, naming the newer change.
    const stale = await post(`/api/admin/articles/${article.id}/revisions/${original!.id}/restore`, { version: now.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(VERSION_CONFLICT_PREFIX);
    expect(stale.json().message).toContain(`admin:${admin.username}`);
  });

  it('a change made by hand in SQL reaches the public pages at once, without waiting for the cache to expire', async () => {
    const article = await createArticle(em, { title: `Cached ${uniqueSuffix()}` });
    const read = async () => (await app.inject({ method: 'GET', url: `/api/articles/slug/${article.slug}` })).json().title as string;
    expect(await read()).toBe(article.title);
    expect(await read()).toBe(article.title);
    await em.fork().execute('update article set title = ? where id = ?', ['Fixed by an operator', article.id]);
    const deadline = Date.now() + 2000;
    while ((await read()) !== 'Fixed by an operator' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await read()).toBe('Fixed by an operator');
  });

  it('answers bad ids and bodies with clear 4xx errors, and stays behind the admin session', async () => {
    const article = await createArticle(em);
    const missing = await get('/api/admin/articles/999999999/revisions');
    expect(missing.statusCode).toBe(404);
    expect(isClearError(missing.json())).toBe(true);
    const badId = await get('/api/admin/articles/abc/revisions');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([{ path: 'id', message: 'article id must be a number' }]);
    // An article written before its history began has an empty one, not a 404.
    const older = await createArticle(em);
    await em.fork().execute('delete from article_revision where article_id = ?', [older.id]);
    expect((await get(`/api/admin/articles/${older.id}/revisions`)).json()).toEqual([]);
    const noRevision = await get(`/api/admin/articles/${article.id}/revisions/999999999`);
    expect(noRevision.statusCode).toBe(404);
    const [first] = ArticleRevisionListSchema.parse((await get(`/api/admin/articles/${article.id}/revisions`)).json());
    const noVersion = await post(`/api/admin/articles/${article.id}/revisions/${first!.id}/restore`, {});
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().details).toEqual([{ path: 'version', message: 'must be a whole number' }]);
    expect((await app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}/revisions` })).statusCode).toBe(401);
  });
});
