import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { createApiApp } from '../src/app/create-api-app.js';
import { Article, DeletedArticle } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';

describe('Clear Problematic Blogs', () => {
  let app: NestFastifyApplication;
  let database: Awaited<ReturnType<typeof createOwnDatabase>>;
  beforeAll(async () => {
    database = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: database.url }));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('deletes flagged drafts with tombstones, says which and why, and leaves the rest', async () => {
    const em = app.get(EntityManager);
    const body = `<p>${'A proper paragraph of analysis. '.repeat(10)}</p>`;
    const short = await createArticle(em, { approved: false, content: '<p>Too short.</p>' });
    const placeholder = await createArticle(em, { approved: false, content: `${body}<p>Lorem ipsum dolor.</p>` });
    const live = await createArticle(em, { title: 'Rates Hold Again', content: '<p>Short but published.</p>' });
    const duplicate = await createArticle(em, { approved: false, title: 'rates hold  again', content: body });
    const good = await createArticle(em, { approved: false, content: body });
    const admin = await signInAdmin(app);

    const response = await app.inject({ method: 'POST', url: '/api/admin/clear-problematic-blogs', headers: admin.headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Removed 3 problematic drafts.',
      removedCount: 3,
      removed: expect.arrayContaining([
        { id: short.id, title: short.title, reason: 'under 200 characters of text' },
        { id: placeholder.id, title: placeholder.title, reason: 'placeholder text' },
        { id: duplicate.id, title: duplicate.title, reason: 'duplicate of a published article' },
      ]),
    });
    const fork = em.fork();
    expect((await fork.find(Article, {})).map((a) => a.id).sort()).toEqual([live.id, good.id].sort());
    expect(await fork.count(DeletedArticle, { deletedBy: admin.username })).toBe(3);
  });
});
