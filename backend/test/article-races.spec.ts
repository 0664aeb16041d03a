import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { VERSION_CONFLICT_PREFIX, type AdminArticle } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { AiCommentaryService } from '../src/modules/ai-jobs/index.js';
import { ArticleCommands, type ArticleRow } from '../src/modules/articles/index.js';
import { ArticleImageService } from '../src/modules/media/article-image.service.js';
import { ArticleRestoreService } from '../src/modules/recovery/article-restore.service.js';
import { PagesService } from '../src/modules/pages/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { randomIp } from './security/attack-tally.js';
import { recordSecurity } from '../../scripts/lib/security-ledger.mjs';
import { suiteRedisUrl } from './support/suite-redis.js';

const REDIS_URL = suiteRedisUrl('article-races');
const BODY = `<p>${'A sound paragraph of analysis about the matter at hand. '.repeat(8)}</p>`;

type StoreMethod = 'setImage' | 'setCommentaryIfMissing';

/**
 * Each race of the article store with its ordering forced, against real PostgreSQL: a job's read, an
 * editor's change committed, then the job's write (the test hooks in just before the store's write),
 * or a PostgreSQL row lock held by the test while the other side waits on it. After each race the
 * newest revision must equal the row; then the row is lost, and each recovery path must bring back
 * exactly that last committed state, with its comments, and counters that equal their rows. Every
 * acknowledged write missing afterwards counts in the `acknowledged writes lost` tally.
 */
describe('article races', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let store: ArticleCommands;
  let alice: SignedInAdmin;
  let bob: SignedInAdmin;
  let writesLost = 0;
  let faults = 0;

  beforeAll(async () => {
    own = await createOwnDatabase();
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, REDIS_URL }));
    em = app.get(EntityManager);
    store = app.get(ArticleCommands);
    alice = await signInAdmin(app);
    bob = await signInAdmin(app);
  });
  afterAll(async () => {
    recordSecurity('article-races', { faultsInjected: faults, writesLost });
    await app.close();
    await own.drop();
  });

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().execute<T[]>(query, params);
  const admin = (who: SignedInAdmin, method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, headers: who.headers, payload });
  const loaded = async (who: SignedInAdmin, id: number): Promise<AdminArticle> => {
    const list = (await app.inject({ method: 'GET', url: '/api/admin/articles', headers: who.headers })).json() as AdminArticle[];
    return list.find((article) => article.id === id)!;
  };
  const rowJson = async (id: number) => (await sql<{ row: ArticleRow }>('select article_row_json(a) as row from article a where id = ?', [id]))[0]?.row;
  const newestRevision = async (id: number) =>
    (
      await sql<{ snapshot: ArticleRow; actor: string; action: string }>(
        'select snapshot, actor, action from article_revision where article_id = ? order by id desc limit 1',
        [id],
      )
    )[0]!;
  const commentIds = async (id: number) => (await sql<{ id: number }>('select id from comment where article_id = ? order by id', [id])).map((row) => row.id);
  const rowCounts = async (id: number) =>
    (
      await sql<{ likes: number; shares: number; comments: number }>(
        `select (select count(*)::int from interaction where article_id = ? and type = 'like') as likes,
                (select count(*)::int from interaction where article_id = ? and type = 'share') as shares,
                (select count(*)::int from comment where article_id = ?) as comments`,
        [id, id, id],
      )
    )[0]!;

  /** Runs `before` once, just before the store's next `method` call writes. */
  function beforeNextWrite(method: StoreMethod, before: () => Promise<void>): void {
    const original = store[method];
    store[method] = (async (...args: Parameters<ArticleCommands[StoreMethod]>) => {
      store[method] = original;
      await before();
      return (original as (...a: typeof args) => Promise<boolean>).apply(store, args);
    }) as ArticleCommands[StoreMethod];
  }

  /** Whether PostgreSQL has a query of this database waiting on a lock. */
  async function someoneWaitsOnALock(): Promise<boolean> {
    const rows = await sql(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    return rows.length > 0;
  }

  async function until(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error('Timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Readers like, share and comment, through the API, as they would after the race. */
  async function engage(id: number): Promise<void> {
    for (const type of ['like', 'like', 'share']) {
      const response = await app.inject({ method: 'POST', url: '/api/interactions', remoteAddress: randomIp(), payload: { articleId: id, type } });
      expect(response.statusCode).toBeLessThan(300);
    }
    const comment = await app.inject({
      method: 'POST',
      url: `/api/articles/${id}/comments`,
      remoteAddress: randomIp(),
      payload: { authorName: 'Reader', content: `A thoughtful remark ${uniqueSuffix()}` },
    });
    expect(comment.statusCode).toBeLessThan(300);
  }

  /**
   * The newest revision equals the row; then the row is lost (deleted by hand, no tombstone) and
   * each recovery path must bring back the same row, its comments, and counters equal to their rows.
   * Returns how many of `acknowledged` (field: value) are missing after any path.
   */
  async function checkRecoverable(id: number, acknowledged: Partial<ArticleRow>): Promise<number> {
    const row = (await rowJson(id))!;
    expect((await newestRevision(id)).snapshot).toEqual(row);
    if (row.approved) {
      await engage(id);
      await app.get(PagesService).rebuildSitemap();
    }
    const expected = (await rowJson(id))!;
    const comments = await commentIds(id);
    const paths: [string, () => Promise<unknown>][] = [
      ['quick', () => app.get(ArticleRestoreService).quick()],
      ['deep', () => app.get(ArticleRestoreService).deep()],
      ...(row.approved ? ([['sitemap', () => app.get(ArticleRestoreService).recreateFromSitemap()]] as [string, () => Promise<unknown>][]) : []),
    ];
    let lost = 0;
    for (const [, recover] of paths) {
      await sql('delete from article where id = ?', [id]);
      await recover();
      const restored = await rowJson(id);
      lost += Object.entries(acknowledged).filter(([field, value]) => restored?.[field as keyof ArticleRow] !== value).length;
      expect(restored).toEqual(expected);
      expect(await commentIds(id)).toEqual(comments);
      const counts = await rowCounts(id);
      expect({ likes: restored!.likes, shares: restored!.shares, comments: restored!.comments }).toEqual(
        row.approved ? counts : { likes: expected.likes, shares: expected.shares, comments: expected.comments },
      );
      expect(await newestRevision(id)).toMatchObject({ snapshot: expected, action: 'restore' });
    }
    return lost;
  }

  /** Counts the race's forced ordering and its lost acknowledged writes for `npm test`'s tally. */
  async function tally(id: number, acknowledged: Partial<ArticleRow>): Promise<void> {
    faults += 1;
    const row = await rowJson(id);
    const lostNow = Object.entries(acknowledged).filter(([field, value]) => row?.[field as keyof ArticleRow] !== value).length;
    writesLost += lostNow;
    writesLost += await checkRecoverable(id, acknowledged);
    expect(lostNow).toBe(0);
  }

  it('publish during an image job: the job writes only the image, and the article stays published', async () => {
    const draft = await createArticle(em, { approved: false, content: BODY, title: `Image race ${uniqueSuffix()}` });
    const version = (await loaded(alice, draft.id)).version;
    beforeNextWrite('setImage', async () => {
      expect((await admin(alice, 'POST', '/api/admin/approve-blog', { blogId: draft.id, version })).statusCode).toBe(200);
    });
    const result = await app.get(ArticleImageService).regenerate(draft.id, 'race1');
    expect(result.updated).toBe(true);
    expect(await newestRevision(draft.id)).toMatchObject({ actor: 'job:image-regenerate', action: 'update' });
    await tally(draft.id, { approved: true, image_url: result.imageUrl });
  });

  it('publish after an image job wrote: both stay', async () => {
    const draft = await createArticle(em, { approved: false, content: BODY, title: `Image race after ${uniqueSuffix()}` });
    const result = await app.get(ArticleImageService).regenerate(draft.id, 'race2');
    const version = (await loaded(alice, draft.id)).version;
    expect((await admin(alice, 'POST', '/api/admin/approve-blog', { blogId: draft.id, version })).statusCode).toBe(200);
    await tally(draft.id, { approved: true, image_url: result.imageUrl });
  });

  it('edit during an image job: the edit and the new image both stay', async () => {
    const article = await createArticle(em, { content: BODY, title: `Edit race ${uniqueSuffix()}` });
    const version = (await loaded(alice, article.id)).version;
    const title = `Edited while the image was made ${uniqueSuffix()}`;
    beforeNextWrite('setImage', async () => {
      expect((await admin(alice, 'PUT', `/api/admin/blogs/${article.id}`, { title, content: BODY, metaDescription: 'Edited.', version })).statusCode).toBe(200);
    });
    const result = await app.get(ArticleImageService).regenerate(article.id, 'race3');
    await tally(article.id, { title, meta_description: 'Edited.', image_url: result.imageUrl, approved: true });
  });

  it('two editors: a publish over an edit made since it was loaded is refused with who and when, then succeeds after a reload', async () => {
    const draft = await createArticle(em, { approved: false, content: BODY, title: `Two editors ${uniqueSuffix()}` });
    const seenByAlice = await loaded(alice, draft.id);
    const seenByBob = await loaded(bob, draft.id);
    const title = `Bob's title ${uniqueSuffix()}`;
    expect((await admin(bob, 'PUT', `/api/admin/blogs/${draft.id}`, { title, content: BODY, version: seenByBob.version })).statusCode).toBe(200);

    const stale = await admin(alice, 'POST', '/api/admin/approve-blog', { blogId: draft.id, version: seenByAlice.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'Conflict', message: expect.stringContaining(VERSION_CONFLICT_PREFIX) });
    expect(stale.json().message).toContain(`admin:${bob.username}`);
    expect(stale.json().message).toMatch(/at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    // The refused publish changed nothing.
    expect((await rowJson(draft.id))!.approved).toBe(false);

    const reloaded = await loaded(alice, draft.id);
    expect(reloaded.title).toBe(title);
    expect((await admin(alice, 'POST', '/api/admin/approve-blog', { blogId: draft.id, version: reloaded.version })).statusCode).toBe(200);
    await tally(draft.id, { title, approved: true });
  });

  it('two editors: an edit over a publish made since it was loaded is refused, and the editor can save after a reload', async () => {
    const draft = await createArticle(em, { approved: false, content: BODY, title: `Two editors again ${uniqueSuffix()}` });
    const seenByAlice = await loaded(alice, draft.id);
    const seenByBob = await loaded(bob, draft.id);
    expect((await admin(bob, 'POST', '/api/admin/approve-blog', { blogId: draft.id, version: seenByBob.version })).statusCode).toBe(200);

    const title = `Alice's title ${uniqueSuffix()}`;
    const stale = await admin(alice, 'PUT', `/api/admin/blogs/${draft.id}`, { title, content: BODY, version: seenByAlice.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(`admin:${bob.username}`);
    const deleteStale = await admin(alice, 'POST', '/api/admin/decline-blog', { blogId: draft.id, version: seenByAlice.version });
    expect(deleteStale.statusCode).toBe(409);

    const reloaded = await loaded(alice, draft.id);
    expect((await admin(alice, 'PUT', `/api/admin/blogs/${draft.id}`, { title, content: BODY, version: reloaded.version })).statusCode).toBe(200);
    await tally(draft.id, { title, approved: true });
  });

  it('clean-up vs publish: a draft published while Clear Problematic Blogs waits to delete it is kept', async () => {
    const draft = await createArticle(em, { approved: false, content: '<p>Too short.</p>', title: `Short draft ${uniqueSuffix()}` });
    const other = await createArticle(em, { approved: false, content: '<p>Also short.</p>', title: `Other short draft ${uniqueSuffix()}` });
    // The test holds the draft's row; the clean-up reads it as a problematic draft and its DELETE waits.
    const editor = em.fork();
    await editor.begin();
    try {
      await editor.execute('select id from article where id = ? for update', [draft.id]);
      const cleanup = admin(alice, 'POST', '/api/admin/clear-problematic-blogs', {});
      await until(someoneWaitsOnALock);
      // Published by another editor meanwhile (by hand in SQL, as the holder of the lock).
      await editor.execute(`select set_config('ai_mind.actor', ?, true)`, [`admin:${bob.username}`]);
      await editor.execute('update article set approved = true where id = ?', [draft.id]);
      await editor.commit();
      const response = await cleanup;
      expect(response.statusCode).toBe(200);
      const removed = (response.json() as { removed: { id: number }[] }).removed.map((r) => r.id);
      expect(removed).toContain(other.id);
      expect(removed).not.toContain(draft.id);
    } finally {
      if (editor.isInTransaction()) await editor.rollback();
    }
    expect(await sql('select 1 from deleted_article where article_id = ?', [draft.id])).toEqual([]);
    expect(await newestRevision(draft.id)).toMatchObject({ actor: `admin:${bob.username}`, action: 'publish' });
    await tally(draft.id, { approved: true });
  });

  it('clean-up vs publish: a draft published before the clean-up reads is not judged at all', async () => {
    const draft = await createArticle(em, { approved: false, content: '<p>Short again.</p>', title: `Published first ${uniqueSuffix()}` });
    const version = (await loaded(alice, draft.id)).version;
    expect((await admin(bob, 'POST', '/api/admin/approve-blog', { blogId: draft.id, version })).statusCode).toBe(200);
    const response = await admin(alice, 'POST', '/api/admin/clear-problematic-blogs', {});
    expect((response.json() as { removed: { id: number }[] }).removed.map((r) => r.id)).not.toContain(draft.id);
    await tally(draft.id, { approved: true });
  });

  it('commentary vs edit: an edit made while the commentary was written stays, and so does the commentary', async () => {
    const article = await createArticle(em, { content: BODY, aiCommentary: null, title: `Commentary race ${uniqueSuffix()}` });
    const version = (await loaded(alice, article.id)).version;
    const title = `Edited during commentary ${uniqueSuffix()}`;
    beforeNextWrite('setCommentaryIfMissing', async () => {
      expect((await admin(alice, 'PUT', `/api/admin/blogs/${article.id}`, { title, content: BODY, version })).statusCode).toBe(200);
    });
    expect(await app.get(AiCommentaryService).write(article.id)).toEqual({ written: true });
    const row = (await rowJson(article.id))!;
    expect(row.ai_commentary).toBeTruthy();
    expect(await newestRevision(article.id)).toMatchObject({ actor: 'job:ai-commentary', action: 'update' });
    await tally(article.id, { title, ai_commentary: row.ai_commentary, approved: true });
  });

  it('a lost article comes back linked to its approved topic, with its comments and reports; a deleted one unlinks it and takes them along', async () => {
    const article = await createArticle(em, { approved: false, content: BODY });
    const declined = await createArticle(em, { approved: false, content: BODY });
    const topicFor = async (articleId: number) =>
      (
        await sql<{ id: number }>(
          `insert into approved_topic (topic, category, status, approved_by, approved_at, article_id) values (?, 'Economics', 'blog_received', 'test', now(), ?) returning id`,
          [`Topic ${uniqueSuffix()}`, articleId],
        )
      )[0]!.id;
    const [topic, declinedTopic] = [await topicFor(article.id), await topicFor(declined.id)];
    // What other modules keep of each article: a comment (comments) and a reader's report (error-reports).
    for (const id of [article.id, declined.id]) {
      await sql(`insert into comment (article_id, author_name, content, client_hash, created_at) values (?, 'Reader', 'A comment', 'hash', now())`, [id]);
      await sql(`insert into error_report (article_id, details, client_hash) values (?, 'A wrong date', 'hash')`, [id]);
    }
    const keptOf = async (id: number) =>
      (
        await sql<{ comments: number; reports: number }>(
          `select (select count(*)::int from comment where article_id = ?) as comments, (select count(*)::int from error_report where article_id = ?) as reports`,
          [id, id],
        )
      )[0];
    const articleOf = async (topicId: number) => {
      const topics = (await app.inject({ method: 'GET', url: '/api/admin/approved-topics', headers: alice.headers })).json() as {
        id: number;
        blog: { id: number } | null;
      }[];
      return topics.find((t) => t.id === topicId)!.blog?.id ?? null;
    };
    expect(await articleOf(topic)).toBe(article.id);

    await sql('delete from article where id = ?', [article.id]);
    expect(await articleOf(topic)).toBeNull();
    await app.get(ArticleRestoreService).quick();
    expect(await articleOf(topic)).toBe(article.id);
    expect(await keptOf(article.id)).toEqual({ comments: 1, reports: 1 });

    expect(await keptOf(declined.id)).toEqual({ comments: 1, reports: 1 });
    expect((await admin(alice, 'POST', '/api/admin/decline-blog', { blogId: declined.id })).statusCode).toBe(200);
    expect((await sql<{ article_id: number | null }>('select article_id from approved_topic where id = ?', [declinedTopic]))[0]!.article_id).toBeNull();
    expect(await keptOf(declined.id)).toEqual({ comments: 0, reports: 0 });
  });

  it('records SQL run by hand as the database user, and a reader count as no revision', async () => {
    const article = await createArticle(em, { content: BODY });
    const before = (await sql('select id from article_revision where article_id = ?', [article.id])).length;
    await engage(article.id);
    expect((await sql('select id from article_revision where article_id = ?', [article.id])).length).toBe(before);
    await sql(`update article set title = 'Fixed by hand' where id = ?`, [article.id]);
    const revision = (
      await sql<{ actor: string; changed: string[]; version: number }>(
        'select actor, changed, version from article_revision where article_id = ? order by id desc limit 1',
        [article.id],
      )
    )[0]!;
    expect(revision.actor).toMatch(/^sql:/);
    expect(revision.changed).toEqual(['title']);
    expect(revision.version).toBe((await rowJson(article.id))!.version);
  });
});
