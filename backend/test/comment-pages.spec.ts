import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { articleCanonicalPath } from '@ai-mind/contracts';
import path from 'node:path';
import { createApiApp } from '../src/app/create-api-app.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createArticle } from './support/article-factory.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/** How soon a committed change to a comment must be on every process's rendered page. */
const WITHIN_MS = 1000;

/** Polls `page` until `holds` is true of it; answers how long that took, or fails after WITHIN_MS. */
async function within(page: () => Promise<string>, holds: (html: string) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    const html = await page();
    if (holds(html)) return Date.now() - start;
    if (Date.now() - start > WITHIN_MS) throw new Error(`not on the page after ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('comments and their moderation reach the rendered article page within a second, in every API process', () => {
  // Two API apps on one PostgreSQL and Redis, each with its own page cache and change listener.
  let apps: NestFastifyApplication[];
  let em: EntityManager;
  let admin: SignedInAdmin;

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    apps = await Promise.all([0, 1].map(() => createApiApp(testConfig({ SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot }))));
    em = apps[0]!.get(EntityManager);
    admin = await signInAdmin(apps[1]!);
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  /** The article's page from each process, HTML and data block, as readers get it. */
  async function pages(url: string): Promise<string[]> {
    return Promise.all(
      apps.map(async (app) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        return response.body;
      }),
    );
  }

  /** The page's HTML and its data block both show `text` (in the data block as JSON text). */
  const shows = (text: string) => (html: string) => html.split(text).length - 1 >= 2;
  const everywhere = (url: string, holds: (html: string) => boolean) =>
    Promise.all(apps.map((app) => within(async () => (await app.inject({ method: 'GET', url })).body, holds)));

  it('shows a new comment, then its AI reply, and drops it once deleted or marked spam', async () => {
    const article = await createArticle(em);
    const url = articleCanonicalPath(article);
    const first = `First thought ${uniqueSuffix()}`;
    const second = `Second thought ${uniqueSuffix()}`;
    // Rendered and kept by each process before anything changes.
    const [before] = await pages(url);
    expect(before).not.toContain(first);
    // Kept: two renders in a row are the same page. Other suites share the database, and an article change
    // they commit drops every process's pages (as it must), so a pair may straddle one: up to five are tried.
    let kept = false;
    for (let pair = 0; pair < 5 && !kept; pair++) kept = JSON.stringify(await pages(url)) === JSON.stringify(await pages(url));
    expect(kept).toBe(true);

    for (const content of [first, second]) {
      const posted = await apps[0]!.inject({ method: 'POST', url: `/api/articles/${article.id}/comments`, payload: { authorName: 'Reader', content } });
      expect(posted.statusCode).toBe(201);
    }
    await everywhere(url, (html) => shows(first)(html) && shows(second)(html));

    // The reply as the worker writes it: from another process, here the database itself.
    const reply = `A reply from the machine ${uniqueSuffix()}`;
    await em.getConnection().execute('update comment set ai_response = ? where article_id = ? and content = ?', [reply, article.id, first]);
    await everywhere(url, shows(reply));

    const [firstId, secondId] = await Promise.all(
      [first, second].map(
        async (content) => (await em.getConnection().execute<{ id: number }[]>('select id from comment where content = ?', [content]))[0]!.id,
      ),
    );
    const deleted = await apps[1]!.inject({ method: 'POST', url: '/api/admin/comments/delete', headers: admin.headers, payload: { ids: [firstId] } });
    expect(deleted.json()).toMatchObject({ count: 1 });
    await everywhere(url, (html) => !html.includes(first) && !html.includes(reply) && shows(second)(html));

    const spam = await apps[1]!.inject({ method: 'POST', url: '/api/admin/comments/spam', headers: admin.headers, payload: { ids: [secondId] } });
    expect(spam.json()).toMatchObject({ count: 1 });
    await everywhere(url, (html) => !html.includes(second));
  });
});
