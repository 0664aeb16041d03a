import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExhaustiveRecoveryResponseSchema, ForceRecoveryResponseSchema, RecreateFromSitemapResponseSchema } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import type { AppConfig } from '../src/config/app-config.js';
import { Article, ArticleReads, type ArticleRow, toArticleDto } from '../src/modules/articles/index.js';
import { BackupService } from '../src/modules/recovery/backup.service.js';
import { RecoveryService } from '../src/modules/recovery/recovery.service.js';
import { SitemapSnapshotService } from '../src/modules/pages/index.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { createArticle } from './support/article-factory.js';
import { runCli } from './support/api-process.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { recordSecurity } from '../../scripts/lib/security-ledger.mjs';
import { suiteRedisUrl } from './support/suite-redis.js';

/** Queues of their own (Redis database 11), so only this file's workers take its jobs. */
const REDIS_URL = suiteRedisUrl('recovery');
/** A killed worker's job goes back to the queue after about lock + stalled interval. */
const QUEUE_TIMINGS = { QUEUE_LOCK_DURATION_MS: '2000', QUEUE_STALLED_INTERVAL_MS: '1000' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

/**
 * Recovery against a database of its own (each recovery path acts on every article): articles are
 * deleted behind the application's back, as a bad migration or a stray script would, and each path
 * must bring back exactly the lost ones that nobody deleted on purpose, as they were, and only once.
 */
describe('article recovery', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let config: AppConfig;
  let em: EntityManager;
  let admin: SignedInAdmin;
  const workers: ChildProcess[] = [];

  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startReportedWorker({
      DATABASE_URL: own.url,
      REDIS_URL,
      MEDIA_DIR: config.images.mediaDir,
      BACKUP_DIR: config.backup.dir,
      ...QUEUE_TIMINGS,
      ...env,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    own = await createOwnDatabase();
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();
    // The API keeps 4 backups (the workers 60): the retention case below counts on it.
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, REDIS_URL, BACKUP_RETENTION_COUNT: '4', ...QUEUE_TIMINGS }));
    config = configOf(app);
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    // One article per transaction, so a run is long enough to be interrupted (see the SIGKILL case).
    await startWorker({ RECOVERY_BATCH_SIZE: '1' });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopProcess(worker)));
    await app.close();
    await own.drop();
  });

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().execute<T[]>(query, params);
  /** Loss behind the application's back: no tombstone, no cache invalidation. */
  const lose = (ids: number[]) => sql('delete from article where id in (?)', [ids]);
  const post = (url: string, payload?: object) => app.inject({ method: 'POST', url, headers: admin.headers, payload });
  const rows = async (ids: number[]) => (await app.get(ArticleReads).findByIds(ids)).sort((a, b) => a.id - b.id);
  /** What must come back exactly: text, category, flags, counters and dates. */
  const essentials = (article: ArticleRow) => {
    const { id, title, slug, content, category, approved, likes, shares, comments, aiCommentary, metaDescription, createdAt } = toArticleDto(article);
    return { id, title, slug, content, category, approved, likes, shares, comments, aiCommentary, metaDescription, createdAt };
  };

  /** The sitemap as a crawler reads it: the index and every file it names, as text. */
  async function sitemapText(): Promise<string> {
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const files = await Promise.all(
      [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async ([, loc]) =>
        gunzipSync((await app.inject({ method: 'GET', url: new URL(loc!).pathname })).rawPayload).toString('utf8'),
      ),
    );
    return [index.body, ...files].join('\n');
  }

  /** Articles with their own text, category and counters; published when `published(i)`, by default every other one. */
  async function articles(count: number, label: string, published = (i: number) => i % 2 === 0): Promise<ArticleRow[]> {
    const made: Article[] = [];
    for (let i = 0; i < count; i++) {
      const article = await createArticle(em, {
        title: `${label} ${i} ${uniqueSuffix()}`,
        content: `<p>${label} body ${i}</p>`,
        category: ['Politics', 'Economics', 'Culture'][i % 3]!,
        approved: published(i),
      });
      // Counters move in SQL, as likes, shares and comments do in the product.
      await sql('update article set likes = ?, shares = ?, comments = ? where id = ?', [10 + i, 20 + i, 30 + i, article.id]);
      made.push(article);
    }
    return rows(made.map((a) => a.id));
  }

  it('Quick Recovery restores exactly the lost, non-deleted articles from the latest backup and revisions, once', async () => {
    const [edited, declined, ...rest] = await articles(6, 'Quick');
    await app.get(RecoveryService).requestBackup('before the loss');
    // Edited after the backup: the restored version must be this newer one, from its revision.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${edited!.id}`,
      headers: admin.headers,
      payload: { title: `Edited ${edited!.title}`, content: '<p>Edited body</p>' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await post('/api/admin/decline-blog', { blogId: declined!.id })).statusCode).toBe(200);
    const kept = rest.pop()!;
    const expected = (await rows([edited!.id, ...rest.map((a) => a.id)])).map(essentials);
    const lost = expected.map((a) => a.id);
    await lose(lost);

    const response = await post('/api/admin/force-recovery');
    expect(response.statusCode).toBe(200);
    const body = ForceRecoveryResponseSchema.parse(response.json());
    expect(body.restoredCount).toBe(4);
    expect(body.restoredArticles!.map((a) => a.id).sort()).toEqual([...lost].sort());
    expect(body.message).toBe('Restored 4 missing articles.');
    expect((await rows(lost)).map(essentials)).toEqual(expected);
    expect(expected[0]).toMatchObject({ title: `Edited ${edited!.title}`, content: '<p>Edited body</p>', likes: 10, shares: 20, comments: 30 });
    expect(await rows([declined!.id])).toEqual([]);
    expect(await rows([kept.id])).toHaveLength(1);
    // The public list sees them at once: recovery invalidated the caches.
    const published = expected.filter((a) => a.approved);
    for (const article of published) {
      expect((await app.inject({ method: 'GET', url: `/api/articles/slug/${article.slug}` })).statusCode).toBe(200);
    }

    const again = ForceRecoveryResponseSchema.parse((await post('/api/admin/force-recovery')).json());
    expect(again).toMatchObject({ restoredCount: 0, message: 'No missing articles found.' });
    const slugs = await sql<{ slug: string; n: number }>('select slug, count(*)::int as n from article where id in (?) group by slug', [lost]);
    expect(slugs.every((row) => row.n === 1)).toBe(true);
    expect(await sql('select id from article_revision where action = ? and article_id in (?)', ['restore', lost])).toHaveLength(4);
  });

  it('Deep Recovery also finds articles only an older backup or a backup file holds', async () => {
    const [older, untouched] = await articles(2, 'Deep');
    const olderEssentials = essentials(older!);
    await app.get(RecoveryService).requestBackup('holds the older article');
    const [fileOnly] = await articles(1, 'Deep file');
    const fileEssentials = essentials(fileOnly!);
    // Both gone, with their revisions, before the latest backup: Quick Recovery cannot see them.
    await lose([older!.id, fileOnly!.id]);
    await sql('delete from article_revision where article_id in (?)', [[older!.id, fileOnly!.id]]);
    await app.get(RecoveryService).requestBackup('latest, without them');
    // The only copy of fileOnly: a backup file put into the folder (say, copied from another machine).
    const file = path.join(config.backup.dir, `articles-999999-20260101T000000Z.json.gz`);
    await fs.mkdir(config.backup.dir, { recursive: true });
    await fs.writeFile(file, await promisify(gzip)(JSON.stringify([toArticleDto(fileOnly!)])));

    expect(ForceRecoveryResponseSchema.parse((await post('/api/admin/force-recovery')).json()).restoredCount).toBe(0);
    const backupRows = (await sql<{ n: number }>('select count(*)::int as n from article_backup'))[0]!.n;

    const response = await post('/api/admin/exhaustive-recovery');
    expect(response.statusCode).toBe(200);
    const body = ExhaustiveRecoveryResponseSchema.parse(response.json());
    expect(body.restoredArticles!.map((a) => a.id).sort()).toEqual([older!.id, fileOnly!.id].sort());
    expect(body.backupsFound).toBe(backupRows + 1);
    const [{ total, published }] = (await sql<{ total: number; published: number }>(
      'select count(*)::int as total, (count(*) filter (where approved))::int as published from article',
    )) as [{ total: number; published: number }];
    expect(body.finalStats).toEqual({ totalArticlesNow: total, publishedArticlesNow: published });
    expect(body.articlesFound).toBeGreaterThanOrEqual(total);
    expect((await rows([older!.id, fileOnly!.id])).map(essentials)).toEqual([olderEssentials, fileEssentials]);
    expect(await rows([untouched!.id])).toHaveLength(1);

    const again = ExhaustiveRecoveryResponseSchema.parse((await post('/api/admin/exhaustive-recovery')).json());
    expect(again.restoredCount).toBe(0);
    expect(again.finalStats).toEqual(body.finalStats);
  });

  it('Recreate Articles brings back the articles the last generated sitemap lists, except deleted ones', async () => {
    const [listedA, listedB, draft, declined] = await articles(4, 'Sitemap', (i) => i !== 2);
    // Refresh Data writes the recovery snapshot from the database at once.
    expect((await post('/api/admin/refresh-data')).statusCode).toBe(200);
    const sitemap = await sitemapText();
    expect(sitemap).toContain(`/article/${listedA!.slug}`);
    expect(sitemap).toContain(`/article/${declined!.slug}`);
    expect(sitemap).not.toContain(`/article/${draft!.slug}`);

    const expected = (await rows([listedA!.id, listedB!.id])).map(essentials);
    expect((await post('/api/admin/decline-blog', { blogId: declined!.id })).statusCode).toBe(200);
    await lose([listedA!.id, listedB!.id]);

    const response = await post('/api/admin/recreate-from-sitemap', {});
    expect(response.statusCode).toBe(200);
    const body = RecreateFromSitemapResponseSchema.parse(response.json());
    expect(body.recreatedArticles.map((a) => a.slug).sort()).toEqual(expected.map((a) => a.slug).sort());
    expect((await rows(expected.map((a) => a.id))).map(essentials)).toEqual(expected);
    expect(await rows([draft!.id])).toHaveLength(1);
    expect(await rows([declined!.id])).toEqual([]);
    const [{ total, published }] = (await sql<{ total: number; published: number }>(
      'select count(*)::int as total, (count(*) filter (where approved))::int as published from article',
    )) as [{ total: number; published: number }];
    expect(body).toMatchObject({ totalArticlesNow: total, publishedArticlesNow: published });

    const again = RecreateFromSitemapResponseSchema.parse((await post('/api/admin/recreate-from-sitemap', {})).json());
    expect(again.recreatedArticles).toEqual([]);
  });

  it("Recreate Articles after a loss restores them even when an anonymous reader fetched the sitemap in between: the snapshot is the database's", async () => {
    const [kept, lostOne] = await articles(2, 'Snapshot', () => true);
    const snapshots = app.get(SitemapSnapshotService);
    // No Refresh Data: the worker writes the snapshot after the change it heard of.
    const listed = await until(
      () => snapshots.latestArticleUrls(),
      (urls) => [kept!.slug, lostOne!.slug].every((slug) => urls.some((url) => url.slug === slug)),
    );
    expect(listed.map((url) => url.slug)).toEqual(expect.arrayContaining([kept!.slug, lostOne!.slug]));
    expect(listed.every((url) => url.url.startsWith(`${config.site.publicUrl}/`))).toBe(true);

    const expected = (await rows([lostOne!.id])).map(essentials);
    await lose([lostOne!.id]);
    // A reader (from another host) reads the sitemap after the loss, as a crawler or an attacker would.
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'attacker.example' } });
    expect(index.statusCode).toBe(200);
    for (const [, loc] of index.body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      expect((await app.inject({ method: 'GET', url: new URL(loc!).pathname, headers: { host: 'attacker.example' } })).statusCode).toBe(200);
    }
    // The loss itself was a change: whatever snapshot followed it still lists the lost article.
    await sleep(2500);
    expect((await snapshots.latestArticleUrls()).map((url) => url.slug)).toContain(lostOne!.slug);

    const response = await post('/api/admin/recreate-from-sitemap', {});
    expect(response.statusCode).toBe(200);
    expect(RecreateFromSitemapResponseSchema.parse(response.json()).recreatedArticles.map((a) => a.slug)).toEqual([lostOne!.slug]);
    expect((await rows([lostOne!.id])).map(essentials)).toEqual(expected);
  });

  it('live-page recovery fetches nothing outside the configured origin, whatever a snapshot lists', async () => {
    let asked = 0;
    const elsewhere = http.createServer((_request, response) => {
      asked += 1;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><meta property="og:title" content="Planted"></head></html>');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    // The only worker is one that may fetch live pages.
    await Promise.all(workers.splice(0).map((worker) => stopProcess(worker)));
    await startWorker({ RECOVERY_FETCH_LIVE_PAGES: 'true', RECOVERY_BATCH_SIZE: '1' });
    try {
      const slug = `planted-${uniqueSuffix()}`;
      const foreign = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/technology/article/${slug}`;
      // A snapshot as an older version wrote it, from a request's Host.
      const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${foreign}</loc></url></urlset>`;
      await sql('insert into sitemap_snapshot (digest, url_count, xml, created_at) values (?, 1, ?, now())', [`planted-${uniqueSuffix()}`, gzipSync(xml)]);
      const response = await post('/api/admin/recreate-from-sitemap', {});
      expect(response.statusCode).toBe(200);
      expect(RecreateFromSitemapResponseSchema.parse(response.json()).recreatedArticles).toEqual([]);
      expect(asked).toBe(0);
      expect(await sql('select 1 from article where slug = ?', [slug])).toEqual([]);
    } finally {
      await Promise.all(workers.splice(0).map((running) => stopProcess(running)));
      await startWorker({ RECOVERY_BATCH_SIZE: '1' });
      await new Promise((resolve) => elsewhere.close(resolve));
      // The next tests read the database's own snapshot again.
      await post('/api/admin/refresh-data');
    }
  });

  it('a worker killed in the middle of a recovery run: another worker finishes it, with no duplicates', async () => {
    const label = `Bulk ${uniqueSuffix()}`;
    await sql(
      `insert into article (title, slug, content, category, approved, likes, shares, comments, created_at, updated_at)
       select ? || ' ' || g, ? || '-' || g, '<p>bulk</p>', 'Technology', true, g, 0, 0, now(), now() from generate_series(1, 300) g`,
      [label, label.toLowerCase().replace(' ', '-')],
    );
    const prefix = `${label.toLowerCase().replace(' ', '-')}-%`;
    await app.get(RecoveryService).requestBackup('before the bulk loss');
    await sql('delete from article where slug like ?', [prefix]);
    const count = async () => (await sql<{ n: number }>('select count(*)::int as n from article where slug like ?', [prefix]))[0]!.n;

    const job = await app.get(JobProducer).enqueue('quick-recovery', { requestedBy: 'test' });
    const partial = await until(count, (n) => n > 0, 20_000, 5);
    workers[0]!.kill('SIGKILL');
    expect(partial).toBeGreaterThan(0);
    // A commit already sent when the process died still lands: count once it has.
    await sleep(200);
    const atKill = await count();
    expect(atKill).toBeLessThan(300);

    await startWorker();
    const events = new QueueEvents('recovery', { connection: { url: REDIS_URL } });
    try {
      await events.waitUntilReady();
      const result = (await job.waitUntilFinished(events, 30_000)) as { restored: unknown[] };
      // The second run restored only what the first had not committed.
      expect(result.restored.length).toBe(300 - atKill);
    } finally {
      await events.close();
    }
    const recovered = await count();
    recordSecurity('recovery-worker-kill', { faultsInjected: 1, writesLost: 300 - recovered });
    expect(recovered).toBe(300);
    const duplicated = await sql(`select article_id from article_revision where action = 'restore' and slug like ? group by article_id having count(*) > 1`, [
      prefix,
    ]);
    expect(duplicated).toEqual([]);
  }, 60_000);

  it('writes a revision on every create, update, publish and unpublish', async () => {
    const draft = await createArticle(em, { approved: false, title: `Revised ${uniqueSuffix()}` });
    await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${draft.id}`,
      headers: admin.headers,
      payload: { title: 'Second title', content: '<p>Second</p>' },
    });
    expect((await post('/api/admin/approve-blog', { blogId: draft.id })).statusCode).toBe(200);
    const fork = em.fork();
    const article = await fork.findOneOrFail(Article, draft.id);
    article.approved = false;
    await fork.flush();
    const revisions = await sql<{ action: string; snapshot: { title: string; approved: boolean } }>(
      'select action, snapshot from article_revision where article_id = ? order by id',
      [draft.id],
    );
    expect(revisions.map((r) => [r.action, r.snapshot.title, r.snapshot.approved])).toEqual([
      ['create', draft.title, false],
      ['update', 'Second title', false],
      ['publish', 'Second title', true],
      ['unpublish', 'Second title', false],
    ]);
  });

  it('keeps only the newest backups, in the table and in the folder', async () => {
    const backups = app.get(BackupService);
    for (let i = 0; i < 6; i++) await backups.snapshot(`retention ${i}`);
    const kept = await sql<{ reason: string }>('select reason from article_backup order by id');
    expect(kept.map((row) => row.reason)).toEqual(['retention 2', 'retention 3', 'retention 4', 'retention 5']);
    const files = (await fs.readdir(config.backup.dir)).filter((name) => name.endsWith('.json.gz'));
    // The newest four ids: the copied-in file of the deep recovery case (id 999999) and the last three.
    expect(files).toHaveLength(4);
  });

  it('the ops CLI takes a backup and runs a recovery, printing what it did', async () => {
    const [lost] = await articles(1, 'Cli');
    const env = { DATABASE_URL: own.url, REDIS_URL, MEDIA_DIR: config.images.mediaDir, BACKUP_DIR: config.backup.dir, ...QUEUE_TIMINGS };
    expect(runCli(['backup'], env)).toMatch(/^Backup \d+: \d+ articles \(\d+ published\), also in /);
    await lose([lost!.id]);
    const output = runCli(['recover:quick'], env);
    expect(output).toContain('Quick recovery restored 1 articles.');
    // Losing the row wrote its last state as a revision, newer than the backup.
    expect(output).toContain(`restored #${lost!.id} ${lost!.slug} (published, from revision)`);
    expect(await rows([lost!.id])).toHaveLength(1);
    const [restore] = await sql<{ actor: string; action: string }>('select actor, action from article_revision where article_id = ? order by id desc limit 1', [
      lost!.id,
    ]);
    expect(restore).toEqual({ actor: 'recovery:quick by ops cli', action: 'restore' });
    expect(runCli(['recover:deep'], env)).toMatch(/Deep recovery scanned \d+ backups and every revision: \d+ articles found, 0 restored\./);
  }, 60_000);

  it('keeps the queue dashboard behind the admin session', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/queues' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Unauthorized', message: 'Sign in to use the admin panel.' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/queues/api/queues' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/queues/api/queues/pause' })).statusCode).toBe(401);

    const page = await app.inject({ method: 'GET', url: '/api/admin/queues', headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its scripts and styles come from under the same guarded path.
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/api/admin/queues/').pathname;
      expect(url.startsWith('/api/admin/queues/')).toBe(true);
      expect((await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const api = await app.inject({ method: 'GET', url: '/api/admin/queues/api/queues', headers: { cookie: admin.cookie } });
    expect(api.statusCode).toBe(200);
    expect((api.json() as { queues: { name: string }[] }).queues.map((q) => q.name).sort()).toEqual([
      'ai',
      'fediverse',
      'follows',
      'follows-send',
      'images',
      'newsletter',
      'newsletter-send',
      'publishing',
      'recovery',
      'source-watch',
      'trending',
      'workflow',
    ]);
    // A change from another site (no CSRF token, foreign Origin) is refused.
    const forged = await app.inject({
      method: 'PUT',
      url: '/api/admin/queues/api/queues/images/pause',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    // From the dashboard's own page (same origin), a change goes through and is audited.
    const host = 'admin.test';
    const paused = await app.inject({
      method: 'PUT',
      url: '/api/admin/queues/api/queues/images/pause',
      headers: { cookie: admin.cookie, host, origin: `http://${host}` },
    });
    expect(paused.statusCode).toBe(200);
    expect(await app.get(JobProducer).queue('images').isPaused()).toBe(true);
    await app.inject({ method: 'PUT', url: '/api/admin/queues/api/queues/images/resume', headers: { cookie: admin.cookie, host, origin: `http://${host}` } });
    expect(await app.get(JobProducer).queue('images').isPaused()).toBe(false);
    const audited = await sql<{ action: string; status: number }>('select action, status from audit_log where actor = ? order by id', [admin.username]);
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'PUT /api/admin/queues/api/queues/:queueName/pause', status: 200 },
        { action: 'PUT /api/admin/queues/api/queues/:queueName/resume', status: 200 },
      ]),
    );
  });
});
