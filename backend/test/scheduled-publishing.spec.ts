import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ArticleSummaryListSchema, HealthResponseSchema, ReviewedArticleSchema, type ArticleStage } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { startWorkerProcess, stopProcess } from './support/worker-process.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { until } from './support/until.js';

// Queues of their own: only this suite's workers take its jobs (any worker's sweep may still publish a due row, once).
const REDIS_URL = suiteRedisUrl('scheduled-publishing');
const WORKER_ENV = { REDIS_URL, BACKUP_CRON: '' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduled publishing', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let editor: SignedInAdmin;
  let workers: ChildProcess[] = [];

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(testConfig({ REDIS_URL, SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot }));
    em = app.get(EntityManager);
    editor = await signInAdmin(app);
    workers = [startWorkerProcess(WORKER_ENV), startWorkerProcess(WORKER_ENV)];
    await until(
      'both worker processes',
      async () => HealthResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/health' })).json()).checks.worker.workers ?? 0,
      (count) => count >= 2,
      // Two workers booting on a busy machine.
      90_000,
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map(stopProcess));
    await app.close();
  });

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().getConnection().execute<T[]>(query, params);
  const row = async (id: number) =>
    (
      await sql<{ stage: ArticleStage; approved: boolean; scheduled_at: Date | null }>('select stage, approved, scheduled_at from article where id = ?', [id])
    )[0]!;
  /** The article's publish revisions: who published it and when. */
  const publishes = (id: number) =>
    sql<{ actor: string; created_at: Date }>(`select actor, created_at from article_revision where article_id = ? and action = 'publish' order by id`, [id]);
  const get = (url: string) => app.inject({ method: 'GET', url });

  /** A ready article with words and a category of its own, so the public lists and search can be asked about it alone. */
  async function readyArticle(): Promise<{ id: number; slug: string; word: string; category: string }> {
    const word = `zephyr${uniqueSuffix().replace(/\d/g, 'q')}`;
    const category = `Schedule ${uniqueSuffix()}`;
    const article = await createArticle(em, { approved: false, category, title: `The ${word} timetable`, content: `<p>About ${word}.</p>` });
    await sql(`update article set stage = 'ready' where id = ?`, [article.id]);
    return { id: article.id, slug: article.slug, word, category };
  }

  const schedule = async (id: number, at: Date) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/articles/${id}/schedule`,
      headers: editor.headers,
      payload: { at: at.toISOString() },
    });
    expect(response.statusCode).toBe(200);
    return ReviewedArticleSchema.parse(response.json());
  };

  /** Every URL of the sitemap, through its index and its gzip files. */
  async function sitemapText(): Promise<string> {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const bodies = await Promise.all(files.map(async (file) => gunzipSync((await get(file)).rawPayload).toString('utf8')));
    return bodies.join('\n');
  }

  /** What a reader can reach of the article: its API, its page, its category's list, the search, the feed and the sitemap. */
  async function publicView(article: { slug: string; word: string; category: string }) {
    const [api, page, list, search, rss, sitemap] = await Promise.all([
      get(`/api/articles/slug/${article.slug}`),
      get(`/article/${article.slug}`),
      get(`/api/articles?category=${encodeURIComponent(article.category)}`),
      get(`/api/articles?search=${article.word}`),
      get('/rss.xml'),
      sitemapText(),
    ]);
    // A category with nothing published is no page: 404, as for a category that does not exist.
    const listed = list.statusCode === 404 ? [] : ArticleSummaryListSchema.parse(list.json());
    return {
      api: api.statusCode,
      page: page.statusCode,
      inList: listed.some((a) => a.slug === article.slug),
      inSearch: ArticleSummaryListSchema.parse(search.json()).some((a) => a.slug === article.slug),
      inFeed: rss.body.includes(article.slug),
      inSitemap: sitemap.includes(article.slug),
    };
  }
  const HIDDEN = { api: 404, page: 404, inList: false, inSearch: false, inFeed: false, inSitemap: false };

  it('publishes at its time, once across two workers; readers see nothing of it before', async () => {
    const article = await readyArticle();
    const at = new Date(Date.now() + 4000);
    await schedule(article.id, at);
    // More jobs for the same moment, so both workers race to publish it.
    const jobs = app.get(JobProducer);
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        jobs.enqueue('scheduled-publish', { articleId: article.id }, { jobId: `race-${article.id}-${n}`, delay: at.getTime() - Date.now() }),
      ),
    );
    expect(await publicView(article)).toEqual(HIDDEN);

    await until(
      'the scheduled publish',
      () => row(article.id),
      (r) => r.stage === 'published',
      20_000,
    );
    expect(await row(article.id)).toMatchObject({ approved: true, scheduled_at: null });
    const published = await publishes(article.id);
    expect(published).toHaveLength(1);
    expect(published[0]!.actor).toBe('job:scheduled-publish');
    expect(new Date(published[0]!.created_at).getTime()).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
    // The public caches follow the publish. The worker committed it; this API process drops what it cached
    // when PostgreSQL's article_changed notification reaches it, a moment after the commit (longer on a busy
    // machine), and from then every read shows it.
    const SHOWN = { api: 200, page: 200, inList: true, inSearch: true, inFeed: true, inSitemap: true };
    await until(
      "the readers' view of the publish",
      () => publicView(article),
      (view) => JSON.stringify(view) === JSON.stringify(SHOWN),
      10_000,
    );
    // And nothing publishes it a second time later (the sweep, the other worker's job).
    await sleep(1500);
    expect(await publishes(article.id)).toHaveLength(1);
  }, 60_000);

  it('publishes at the new time when the time is moved while the job waits', async () => {
    const article = await readyArticle();
    await schedule(article.id, new Date(Date.now() + 2500));
    const later = new Date(Date.now() + 7000);
    await schedule(article.id, later);
    await sleep(4000);
    // The first time has passed: its job woke and found the article due later.
    expect(await row(article.id)).toMatchObject({ stage: 'scheduled', approved: false });
    expect((await publicView(article)).api).toBe(404);
    await until(
      'the moved publish',
      () => row(article.id),
      (r) => r.stage === 'published',
      20_000,
    );
    const published = await publishes(article.id);
    expect(published).toHaveLength(1);
    expect(new Date(published[0]!.created_at).getTime()).toBeGreaterThanOrEqual(Math.floor(later.getTime() / 1000) * 1000);
  }, 40_000);

  it('publishes nothing once the schedule is cancelled', async () => {
    const article = await readyArticle();
    await schedule(article.id, new Date(Date.now() + 2000));
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/admin/articles/${article.id}/unschedule`,
      headers: editor.headers,
      payload: { note: 'Hold for the embargo' },
    });
    expect(cancel.statusCode).toBe(200);
    await sleep(4000);
    expect(await row(article.id)).toEqual({ stage: 'ready', approved: false, scheduled_at: null });
    expect(await publicView(article)).toEqual(HIDDEN);
    expect(await publishes(article.id)).toHaveLength(0);
  }, 30_000);

  it('publishes late but once when every worker was down at its time', async () => {
    const article = await readyArticle();
    const at = new Date(Date.now() + 3000);
    await schedule(article.id, at);
    // Killed, not stopped: no worker gets to finish anything.
    for (const worker of workers) worker.kill('SIGKILL');
    await Promise.all(workers.map(stopProcess));
    await sleep(Math.max(0, at.getTime() - Date.now()) + 2000);
    // Its time has passed; whether or not another suite's worker swept it meanwhile, never before its time.
    const restartedAt = Date.now();
    workers = [startWorkerProcess(WORKER_ENV)];
    await until(
      'the late publish',
      () => row(article.id),
      (r) => r.stage === 'published',
      30_000,
    );
    const published = await publishes(article.id);
    expect(published).toHaveLength(1);
    expect(new Date(published[0]!.created_at).getTime()).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
    expect(restartedAt).toBeGreaterThan(at.getTime());
    expect((await publicView(article)).api).toBe(200);
    await sleep(1500);
    expect(await publishes(article.id)).toHaveLength(1);
  }, 60_000);
});
