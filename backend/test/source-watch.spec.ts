import type { ChildProcess } from 'node:child_process';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApprovedTopicSchema, ArticleProvenanceSchema, SourceChangeSchema, SourceWatchRunSchema, type SourceChange } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { ArticleReads } from '../src/modules/articles/index.js';
import { TrendingTopic, type FeedItem } from '../src/modules/trending/index.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { startChangingSourceServer } from './support/changing-source-server.js';
import { createOwnDatabase } from './support/own-database.js';
import { HEAT_PARAGRAPHS, HOUSING_LEDGER_PARAGRAPHS, HOUSING_PARAGRAPHS } from './support/source-pages.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, startWorkerProcess, stopProcess } from './support/worker-process.js';

/** Queues of their own, so only this file's worker takes its jobs. */
const REDIS_URL = suiteRedisUrl('source-watch');

/** A rewrite of the Markets Desk story: the same event told anew, few of its words kept. */
const HOUSING_REWRITTEN = [
  'Correction: the statistics office has withdrawn its October figures after finding an error in its seasonal adjustment.',
  'Revised numbers due next week are expected to show a far smaller decline in new residential construction.',
  'Analysts cautioned against reading much into a single monthly release while the agency reviews its methods.',
];

describe('source watch: the sources of published articles read again', () => {
  /** A database of its own: the watch reads every recently published article's sources, and asserts on what one run found. */
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let owner: SignedInAdmin;
  let worker: ChildProcess;
  let outlets: Awaited<ReturnType<typeof startChangingSourceServer>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    own = await createOwnDatabase();
    outlets = await startChangingSourceServer();
    outlets.publish('/markets/housing-starts', 'Housing starts fall to a three-year low', HOUSING_PARAGRAPHS);
    outlets.publish('/ledger/housing-starts', 'Housing starts slump as builders cite borrowing costs', HOUSING_LEDGER_PARAGRAPHS);
    outlets.publish('/wire/heat', 'Heatwave pushes grid demand to a record', HEAT_PARAGRAPHS);
    env = {
      DATABASE_URL: own.url,
      REDIS_URL,
      SOURCE_FETCH_PAGES: 'on',
      SOURCE_TRUSTED_ORIGINS: outlets.origin,
      SOURCE_FETCH_TIMEOUT_MS: '3000',
      // Runs only when the test asks, without waiting between two pages of one host.
      SOURCE_WATCH_INTERVAL_MINUTES: '0',
      SOURCE_WATCH_HOST_INTERVAL_MS: '0',
      SOURCE_WATCH_DAYS: '14',
    };
    app = await createApiApp(testConfig(env));
    em = app.get(EntityManager);
    owner = await signInAdmin(app);
    worker = startWorkerProcess({ ...env, MEDIA_DIR: configOf(app).images.mediaDir });
  });
  afterAll(async () => {
    await stopProcess(worker);
    await app.close();
    await outlets.close();
    await own.drop();
  });

  /** A trending topic of these reports approved, written by the worker from their pages, and published by the owner. */
  async function publishFrom(items: FeedItem[]): Promise<{ articleId: number; approvedTopicId: number }> {
    const fork = em.fork();
    const topic = fork.create(TrendingTopic, {
      topic: `${items[0]!.title} ${uniqueSuffix()}`,
      source: items[0]!.source,
      category: 'Economics',
      mentions: 10,
      sourceUrl: items[0]!.link,
      items,
    });
    await fork.flush();
    const approval = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-topic',
      headers: owner.headers,
      // Outlet independence is independent-sources.spec's: here a story of one outlet is approved as single-source.
      payload: {
        topicId: topic.id,
        topic: topic.topic,
        sourceUrl: topic.sourceUrl,
        category: topic.category,
        singleSource: true,
        note: 'Watched in this test.',
      },
    });
    const { approvedTopicId } = approval.json() as { approvedTopicId: number };
    let articleId: number | undefined;
    for (const deadline = Date.now() + 90_000; articleId === undefined && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const list = ApprovedTopicSchema.array().parse((await app.inject({ method: 'GET', url: '/api/admin/approved-topics', headers: owner.headers })).json());
      articleId = list.find((t) => t.id === approvedTopicId && t.status === 'blog_received')?.blog?.id;
    }
    if (articleId === undefined) throw new Error(`Topic ${approvedTopicId} was not written`);
    // The draft's image job writes the article first: the editor publishes the version after it.
    const reads = app.get(ArticleReads);
    for (const deadline = Date.now() + 90_000; (await reads.findById(articleId))!.image_url?.endsWith('.svg') && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const { version } = (await reads.findById(articleId))!;
    const published = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: owner.headers, payload: { blogId: articleId, version } });
    expect(published.statusCode).toBe(200);
    return { articleId, approvedTopicId };
  }

  const runWatch = async (admin = owner) => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/source-changes/check', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return SourceWatchRunSchema.parse(response.json());
  };
  const queue = async (status: 'open' | 'resolved' | 'dismissed' = 'open'): Promise<SourceChange[]> => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/source-changes?status=${status}`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return SourceChangeSchema.array().parse(response.json());
  };
  const claimsCiting = async (articleId: number, sourceNumber: number) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/articles/${articleId}/provenance`, headers: owner.headers });
    const { claims } = ArticleProvenanceSchema.parse(response.json());
    return claims!.claims
      .filter((claim) => claim.sourceNumber === sourceNumber)
      .map((claim) => ({ id: claim.id, sentence: claim.sentence, passage: claim.passage }));
  };

  it('raises a changed, a rewritten and a gone source once each, beside the claims that cite it, and skips articles published before the window', async () => {
    const housing = await publishFrom([
      {
        source: 'Markets Desk',
        title: 'Housing starts fall to a three-year low',
        link: outlets.url('/markets/housing-starts'),
        summary: 'Builders started the fewest homes in three years.',
        publishedAt: '2026-11-14T13:00:00.000Z',
      },
      {
        source: 'The Daily Ledger',
        title: 'Housing starts slump as builders cite borrowing costs',
        link: outlets.url('/ledger/housing-starts'),
        summary: 'Housing starts slumped to a three-year low.',
        publishedAt: '2026-11-14T14:30:00.000Z',
      },
    ]);
    const heat = await publishFrom([
      {
        source: 'Global Wire',
        title: 'Heatwave pushes grid demand to a record',
        link: outlets.url('/wire/heat'),
        summary: 'Grid operators asked factories to cut power use.',
        publishedAt: '2026-11-20T06:00:00.000Z',
      },
    ]);
    // The heat story was published 30 days ago, outside the 14-day window: its history says so.
    await em.fork().getConnection().execute(`update article_revision set created_at = now() - interval '30 days' where article_id = ?`, [heat.articleId]);
    const heatRequests = outlets.requestsTo('/wire/heat').length;
    const markets = await claimsCiting(housing.articleId, 1);
    const ledger = await claimsCiting(housing.articleId, 2);
    expect(markets.length).toBeGreaterThan(0);
    expect(ledger.length).toBeGreaterThan(0);

    // First run: each page as it was when the article was written from it (the frozen text's hash): nothing raised.
    expect(await runWatch()).toEqual({ checked: 2, unchanged: 2, changed: 0, rewritten: 0, gone: 0, failed: 0, baselined: 0 });
    expect(await queue()).toEqual([]);
    // The old story's source is not read at all.
    expect(outlets.requestsTo('/wire/heat')).toHaveLength(heatRequests);

    // Second run: conditional GETs with the validators of the version read; the 304s count as unchanged.
    expect(await runWatch()).toEqual({ checked: 2, unchanged: 2, changed: 0, rewritten: 0, gone: 0, failed: 0, baselined: 0 });
    const conditional = outlets.answersTo('/markets/housing-starts').at(-1)!;
    expect(conditional.status).toBe(304);
    expect(conditional.ifNoneMatch).toMatch(/^"[0-9a-f]{16}"$/);
    expect(conditional.ifModifiedSince).toBe('Fri, 20 Nov 2026 08:01:00 GMT');
    expect(outlets.answersTo('/ledger/housing-starts').at(-1)!.status).toBe(304);
    expect(await queue()).toEqual([]);

    // The Markets Desk corrects a figure: a changed source, tied to the claims that cite it ([1]).
    outlets.publish(
      '/markets/housing-starts',
      'Housing starts fall to a three-year low',
      HOUSING_PARAGRAPHS.map((paragraph) => paragraph.replace('7.5%', '9.5%')),
    );
    expect(await runWatch()).toMatchObject({ checked: 2, unchanged: 1, changed: 1 });
    const [changed, ...none] = await queue();
    expect(none).toEqual([]);
    expect(changed).toMatchObject({
      kind: 'changed',
      status: 'open',
      httpStatus: null,
      resolvedBy: null,
      source: { number: 1, outlet: 'Markets Desk', link: outlets.url('/markets/housing-starts') },
      article: { id: housing.articleId },
    });
    expect(changed!.changedShare).toBeGreaterThan(0);
    expect(changed!.changedShare).toBeLessThan(0.1);
    expect(changed!.claims).toEqual(markets);
    expect(Date.now() - Date.parse(changed!.detectedAt)).toBeLessThan(60_000);

    // Run again: the change is known (a 304 now), and an item is never raised twice.
    expect(await runWatch()).toMatchObject({ checked: 2, unchanged: 2, changed: 0 });
    expect((await queue()).map((item) => item.id)).toEqual([changed!.id]);

    // Then most of it is rewritten: a rewritten item beside the changed one.
    outlets.publish('/markets/housing-starts', 'Statistics office withdraws housing figures', HOUSING_REWRITTEN);
    expect(await runWatch()).toMatchObject({ checked: 2, rewritten: 1, unchanged: 1 });
    const afterRewrite = await queue();
    expect(afterRewrite.map((item) => [item.kind, item.source.number])).toEqual([
      ['changed', 1],
      ['rewritten', 1],
    ]);
    expect(afterRewrite[1]!.changedShare).toBeGreaterThanOrEqual(0.5);
    expect(afterRewrite[1]!.claims).toEqual(markets);

    // The Ledger takes its page down (404), then marks it gone for good (410): one gone item, with the claims citing [2].
    outlets.remove('/ledger/housing-starts', 404);
    expect(await runWatch()).toMatchObject({ checked: 2, gone: 1, unchanged: 1 });
    outlets.remove('/ledger/housing-starts', 410);
    expect(await runWatch()).toMatchObject({ checked: 2, gone: 1, unchanged: 1 });
    const open = await queue();
    expect(open.map((item) => [item.kind, item.source.number, item.httpStatus])).toEqual([
      ['changed', 1, null],
      ['rewritten', 1, null],
      ['gone', 2, 404],
    ]);
    expect(open[2]!.claims).toEqual(ledger);
    expect(
      outlets
        .answersTo('/ledger/housing-starts')
        .slice(-2)
        .map((answer) => answer.status),
    ).toEqual([404, 410]);

    // Still nothing read of the old story.
    expect(outlets.requestsTo('/wire/heat')).toHaveLength(heatRequests);

    // An editor resolves the change (after a correction) and dismisses the page taken down; who and when are kept.
    const resolve = (id: number, status: string) =>
      app.inject({ method: 'POST', url: `/api/admin/source-changes/${id}/status`, headers: owner.headers, payload: { status } });
    const resolved = await resolve(changed!.id, 'resolved');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: changed!.id, status: 'resolved', resolvedBy: owner.username });
    expect((await resolve(open[2]!.id, 'dismissed')).json()).toMatchObject({ status: 'dismissed', resolvedBy: owner.username });
    // Closed already: the second editor is told (no second record of who closed it).
    const again = await resolve(changed!.id, 'dismissed');
    expect(again.statusCode).toBe(409);
    expect((await queue('resolved')).map((item) => item.id)).toEqual([changed!.id]);
    expect((await queue('dismissed')).map((item) => item.id)).toEqual([open[2]!.id]);
    expect((await queue()).map((item) => item.kind)).toEqual(['rewritten']);

    // A page still gone raises nothing again once its item is dismissed: the watch raises a change when it sees it happen.
    expect(await runWatch()).toMatchObject({ gone: 1 });
    expect((await queue()).map((item) => item.kind)).toEqual(['rewritten']);
  });

  it('keeps one open item per source and kind in the database itself', async () => {
    const fork = em.fork();
    const [item] = await fork
      .getConnection()
      .execute<{ topic_source_id: number; article_id: number }[]>(`select topic_source_id, article_id from source_change where status = 'open' limit 1`);
    if (!item) throw new Error('The test above leaves an open item');
    const duplicate = fork
      .getConnection()
      .execute(
        `insert into source_change (topic_source_id, article_id, kind, changed_share) select topic_source_id, article_id, kind, changed_share from source_change where status = 'open' limit 1`,
      );
    await expect(duplicate).rejects.toThrow(/source_change_open_unique/);
  });

  it('validates the status and the id, and answers 404 for an item that does not exist', async () => {
    const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });
    const bad = await post('/api/admin/source-changes/1/status', { status: 'open' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'status', message: 'must be resolved or dismissed' }]);
    expect((await post('/api/admin/source-changes/abc/status', { status: 'resolved' })).statusCode).toBe(400);
    expect((await post('/api/admin/source-changes/2147483647/status', { status: 'resolved' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/admin/source-changes?status=closed', headers: owner.headers })).statusCode).toBe(400);
  });

  it('is for the editors who publish corrections: a writer is refused (403), a visitor not signed in too (401)', async () => {
    const writer = await signInAdmin(app, 'a-long-test-password', 'writer');
    const editor = await signInAdmin(app, 'a-long-test-password', 'editor');
    for (const [method, url] of [
      ['GET', '/api/admin/source-changes'],
      ['POST', '/api/admin/source-changes/check'],
      ['POST', '/api/admin/source-changes/1/status'],
    ] as const) {
      const payload = method === 'POST' ? { status: 'resolved' } : undefined;
      expect((await app.inject({ method, url, headers: writer.headers, payload })).statusCode).toBe(403);
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/source-changes', headers: editor.headers })).statusCode).toBe(200);
  });

  it('runs by itself on the schedule, once per interval for the cluster, when SOURCE_WATCH_INTERVAL_MINUTES is set', async () => {
    const lastChecked = async () =>
      Number(
        (await em.fork().getConnection().execute<{ at: number }[]>(`select extract(epoch from max(last_checked_at))::float8 as at from watched_source`))[0]!.at,
      );
    const before = await lastChecked();
    expect(before).toBeGreaterThan(0);
    // A worker started with a schedule (every 1.2 s) sets the cluster's repeatable job; either worker takes its runs.
    const scheduling = startWorkerProcess({
      DATABASE_URL: own.url,
      REDIS_URL,
      SOURCE_TRUSTED_ORIGINS: outlets.origin,
      SOURCE_WATCH_INTERVAL_MINUTES: '0.02',
      SOURCE_WATCH_HOST_INTERVAL_MS: '0',
      MEDIA_DIR: configOf(app).images.mediaDir,
    });
    try {
      let after = before;
      for (const deadline = Date.now() + 60_000; after === before && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        after = await lastChecked();
      }
      expect(after).toBeGreaterThan(before);
      const schedulers = await app.get(JobProducer).queue('source-watch').getJobSchedulers();
      expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every])).toEqual([['source-watch-run', 1_200]]);
    } finally {
      await stopProcess(scheduling);
      await app.get(JobProducer).unschedule('source-watch-run');
    }
  });

  it('is polite: a bounded number of pages per run, those read longest ago first, and a least interval between two reads of one host', async () => {
    // This test's workers alone take the runs.
    await stopProcess(worker);
    const lastChecked = async () =>
      (
        await em
          .fork()
          .getConnection()
          .execute<{ link: string }[]>(
            `select s.link from watched_source w join topic_source s on s.id = w.topic_source_id order by w.last_checked_at desc limit 1`,
          )
      )[0]!.link;
    const oneAtATime = await startReportedWorker({ ...env, SOURCE_WATCH_MAX_PER_RUN: '1', MEDIA_DIR: configOf(app).images.mediaDir });
    try {
      const first = await runWatch();
      expect(first.checked).toBe(1);
      const read = await lastChecked();
      expect((await runWatch()).checked).toBe(1);
      // The other source of the story: the one read longest ago goes first.
      expect(await lastChecked()).not.toBe(read);
      expect([read, await lastChecked()].sort()).toEqual([outlets.url('/ledger/housing-starts'), outlets.url('/markets/housing-starts')]);
    } finally {
      await stopProcess(oneAtATime);
    }

    const spaced = await startReportedWorker({ ...env, SOURCE_WATCH_HOST_INTERVAL_MS: '800', MEDIA_DIR: configOf(app).images.mediaDir });
    try {
      const before = outlets.answers.length;
      expect((await runWatch()).checked).toBe(2);
      const [a, b] = outlets.answers.slice(before);
      expect(outlets.answers.slice(before)).toHaveLength(2);
      // Both pages are on one host (the test's server): the second was asked for 800 ms after the first answer at the least.
      expect(b!.at - a!.at).toBeGreaterThanOrEqual(800);
    } finally {
      await stopProcess(spaced);
    }
  });
});
