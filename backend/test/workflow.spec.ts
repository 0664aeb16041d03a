import { ArticleCommands, ArticleReads } from '../src/modules/articles/index.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ApprovedTopicSchema, ApprovedTopicSourcesSchema, ArticleProvenanceSchema, OPEN_CLAIMS_MESSAGE_PREFIX, type ApprovedTopic } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { type FeedItem, TrendingTopic } from '../src/modules/trending/index.js';
import { ApprovedTopic as ApprovedTopicEntity, ApprovedTopicStore, ClaimCheckService } from '../src/modules/provenance/index.js';
import { ArticleIntakeService } from '../src/modules/workflow/article-intake.service.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';
import { startLocalHttpServer } from './support/local-http-server.js';
import { HEAT_PARAGRAPHS, HOUSING_LEDGER_PARAGRAPHS, HOUSING_PARAGRAPHS, newsPage } from './support/source-pages.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { until } from './support/until.js';

/** Queues of their own (Redis database 7), so only this file's worker takes its jobs. */
const REDIS_URL = suiteRedisUrl('workflow');

describe('blog workflow, offline generator', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let worker: ChildProcess;
  /** The outlets' web servers: source pages fetched for real, on an origin the worker is told to trust. */
  let outlets: Awaited<ReturnType<typeof startLocalHttpServer>>;

  beforeAll(async () => {
    outlets = await startLocalHttpServer({
      '/markets/housing-starts': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(newsPage('Housing starts fall to a three-year low', HOUSING_PARAGRAPHS));
      },
      '/ledger/housing-starts': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(newsPage('Housing starts slump as builders cite borrowing costs', HOUSING_LEDGER_PARAGRAPHS));
      },
      '/wire/heat': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(newsPage('Heatwave pushes grid demand to a record', HEAT_PARAGRAPHS));
      },
    });
    const sources = { SOURCE_FETCH_PAGES: 'on', SOURCE_TRUSTED_ORIGINS: outlets.origin, SOURCE_FETCH_TIMEOUT_MS: '3000' };
    app = await createApiApp(testConfig({ REDIS_URL, ...sources }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    worker = await startReportedWorker({ REDIS_URL, MEDIA_DIR: configOf(app).images.mediaDir, ...sources });
  });
  afterAll(async () => {
    await stopProcess(worker);
    await app.close();
    await outlets.close();
  });

  const heatItems = (): FeedItem[] => [
    {
      source: 'Global Wire',
      title: 'Heatwave pushes grid demand to a record',
      link: outlets.url('/wire/heat'),
      summary: 'Grid operators asked factories to cut power use.',
      publishedAt: '2026-11-20T06:00:00.000Z',
    },
  ];

  async function trendingTopic(overrides: Partial<TrendingTopic> = {}): Promise<TrendingTopic> {
    const fork = em.fork();
    const topic = fork.create(TrendingTopic, {
      topic: `Heatwaves strain grids ${uniqueSuffix()}`,
      source: 'Reuters',
      category: 'Global Events',
      mentions: 40,
      sourceUrl: 'https://example.com/heat',
      items: heatItems(),
      ...overrides,
    });
    await fork.flush();
    return topic;
  }

  const approve = (topic: TrendingTopic, override: { singleSource?: true; note?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/approve-topic',
      headers: admin.headers,
      payload: { topicId: topic.id, topic: topic.topic, sourceUrl: topic.sourceUrl, category: topic.category, ...override },
    });
  /** The heatwave topic has one outlet, fewer than the newsroom's default two: it is approved as single-source (docs/independent-sources.md). */
  const SINGLE_SOURCE = { singleSource: true, note: 'One wire report is all there is yet; the draft says so.' } as const;

  async function approvedTopic(id: number, status: string, timeoutMs = 90_000): Promise<ApprovedTopic | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = ApprovedTopicSchema.array().parse((await app.inject({ method: 'GET', url: '/api/admin/approved-topics', headers: admin.headers })).json());
      const found = list.find((t) => t.id === id);
      if (found?.status === status || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('approving a topic has the worker write a draft blog, and the topic shows blog_received with it', async () => {
    const topic = await trendingTopic();
    const response = await approve(topic, SINGLE_SOURCE);
    expect(response.statusCode).toBe(200);
    const { approvedTopicId } = response.json();

    const approved = await approvedTopic(approvedTopicId, 'blog_received');
    expect(approved).toMatchObject({ topic: topic.topic, category: 'Global Events', status: 'blog_received' });
    expect(approved!.blog).toMatchObject({ approved: false, category: 'Global Events', sourceUrl: 'https://example.com/heat' });
    expect(approved!.blog!.content).toContain('<h2>What the reports say</h2>');
    expect(approved!.blog!.aiCommentary?.length).toBeGreaterThan(20);
    expect(approved!.blog!.metaDescription?.length).toBeLessThanOrEqual(163);

    const waiting = (await app.inject({ method: 'GET', url: '/api/trending-topics', headers: admin.headers })).json() as { id: number }[];
    expect(waiting.some((t) => t.id === topic.id)).toBe(false);
    expect((await approve(topic, SINGLE_SOURCE)).statusCode).toBe(409);
  });

  it('writes a draft for a topic with no reports in hand (added by hand), saying it has no sources', async () => {
    const topic = await trendingTopic({ items: [], sourceUrl: undefined });
    const response = await approve(topic, SINGLE_SOURCE);
    expect(response.statusCode).toBe(200);
    const { approvedTopicId } = response.json() as { approvedTopicId: number };
    const approved = await approvedTopic(approvedTopicId, 'blog_received');
    expect(approved).toMatchObject({ status: 'blog_received' });
  });

  it('declines a topic once, hiding it from the list', async () => {
    const topic = await trendingTopic();
    const decline = () =>
      app.inject({ method: 'POST', url: '/api/admin/decline-topic', headers: admin.headers, payload: { topicId: topic.id, topic: topic.topic } });
    expect((await decline()).statusCode).toBe(200);
    const waiting = (await app.inject({ method: 'GET', url: '/api/trending-topics', headers: admin.headers })).json() as { id: number }[];
    expect(waiting.some((t) => t.id === topic.id)).toBe(false);
    expect((await decline()).statusCode).toBe(404);
  });

  it('validates approvals and refuses unknown topics', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/admin/approve-topic', headers: admin.headers, payload: { topicId: 'x', topic: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['topicId', 'topic', 'category']);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-topic',
      headers: admin.headers,
      payload: { topicId: 999_999_999, topic: 'x', category: 'Politics' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a delivered blog once per topic, sanitized, however often it arrives', async () => {
    const fork = em.fork();
    const approved = fork.create(ApprovedTopicEntity, {
      topic: `Delivered ${uniqueSuffix()}`,
      category: 'Economics',
      sourceUrl: null,
      status: 'sent_to_automation',
      approvedBy: 'test',
      trendingTopicId: null,
      articleId: null,
      lastError: null,
    });
    await fork.flush();
    const intake = new ArticleIntakeService(
      em,
      configOf(app).images,
      app.get(JobProducer),
      app.get(ArticleReads),
      app.get(ArticleCommands),
      app.get(ClaimCheckService),
      app.get(ApprovedTopicStore),
    );
    const blog = {
      title: 'Rates hold, again',
      html: '<h2>Why</h2><p>Because.<script>alert(1)</script></p>',
      metaDescription: 'Why rates held.',
      aiCommentary: null,
      sourceUrl: null,
      generation: null,
    };
    const [first, second] = await Promise.all([intake.receive(approved.id, blog, 'automation'), intake.receive(approved.id, blog, 'automation')]);
    expect(second.id).toBe(first.id);
    expect(first.content).toBe('<h2>Why</h2><p>Because.</p>');
    expect((await em.fork().findOneOrFail(ApprovedTopicEntity, approved.id)).status).toBe('blog_received');
  });

  it('freezes the sources, fetches their pages safely, writes from them, checks every claim, and publishes over open flags only on an audited override', async () => {
    const privateLink = 'http://10.20.30.40/housing';
    const localName = outlets.url('/markets/housing-starts').replace('127.0.0.1', 'localhost');
    const items: FeedItem[] = [
      {
        source: 'The Daily Ledger',
        title: 'Housing starts slump as builders cite borrowing costs',
        link: outlets.url('/ledger/housing-starts'),
        summary: 'Housing starts slumped to a three-year low.',
        publishedAt: '2026-11-14T14:30:00.000Z',
      },
      {
        source: 'Markets Desk',
        title: 'Housing starts fall to a three-year low',
        link: outlets.url('/markets/housing-starts'),
        summary: 'Builders started the fewest homes in three years.',
        publishedAt: '2026-11-14T13:00:00.000Z',
      },
      {
        source: 'Civic Post',
        title: 'Housing starts at three-year low',
        link: privateLink,
        summary: 'Starts fell for a fourth month.',
        publishedAt: '2026-11-14T15:00:00.000Z',
      },
      {
        source: 'Mirror Site',
        title: 'Housing starts fall again',
        link: localName,
        summary: 'Another copy of the story.',
        publishedAt: '2026-11-14T16:00:00.000Z',
      },
    ];
    const topic = await trendingTopic({ topic: `Housing starts fall ${uniqueSuffix()}`, category: 'Economics', items });
    const { approvedTopicId } = (await approve(topic)).json();
    const approved = await approvedTopic(approvedTopicId, 'blog_received');
    expect(approved?.status).toBe('blog_received');
    const articleId = approved!.blog!.id;

    // The source set: frozen at approval, numbered earliest first, each page's fate recorded.
    const { sources } = ApprovedTopicSourcesSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/admin/approved-topics/${approvedTopicId}/sources`, headers: admin.headers })).json(),
    );
    expect(sources.map((s) => [s.number, s.outlet, s.fetchStatus])).toEqual([
      [1, 'Markets Desk', 'fetched'],
      [2, 'The Daily Ledger', 'fetched'],
      [3, 'Civic Post', 'blocked'],
      [4, 'Mirror Site', 'blocked'],
    ]);
    expect(sources[0]!.text).toContain(HOUSING_PARAGRAPHS[1]);
    expect(sources[0]!.text).not.toContain('Subscribe');
    expect(sources[0]!.contentHash).toBe(createHash('sha256').update(sources[0]!.text!).digest('hex'));
    expect(Date.parse(sources[0]!.fetchedAt!)).toBeGreaterThan(Date.parse(approved!.approvedAt) - 1000);
    expect(sources[2]!.fetchError).toBe('10.20.30.40 is not a public address');
    expect(sources[3]!.fetchError).toMatch(/^localhost resolves to .*not a public address$/);
    expect(outlets.requestsTo('/markets/housing-starts')).toHaveLength(1);

    // Written from them: attributed sentences with markers, the generation record, claims all supported.
    const read = async () =>
      ArticleProvenanceSchema.parse((await app.inject({ method: 'GET', url: `/api/admin/articles/${articleId}/provenance`, headers: admin.headers })).json());
    // The worker checks a delivered draft's claims just after storing it (and the topic shows blog_received).
    const written = await until("the worker to check the draft's claims", read, (provenance) => provenance.claims !== null, 30_000, 200);
    expect(written).toMatchObject({ sourcesKnown: true, approvedTopic: { id: approvedTopicId, approvedBy: admin.username } });
    expect(written.generation).toMatchObject({ engine: 'offline', model: null, promptVersion: 'blog@2', sourceCount: 4, draftHtml: approved!.blog!.content });
    expect(approved!.blog!.content).toMatch(/<p>Markets Desk (reports|writes|says): Builders started the fewest homes in three years in October, .* \[1\]\./);
    expect(approved!.blog!.content).not.toContain('undefined');
    expect(written.claims!.total).toBeGreaterThanOrEqual(3);
    expect(written.claims!.open).toBe(0);
    expect(written.claims!.claims.every((claim) => claim.sourceNumber !== null && claim.passage !== null)).toBe(true);

    // An editor's save is checked again: a planted sentence and a changed number are flagged. (The
    // draft's image job writes the article first: the editor opens it after that.)
    const store = app.get(ArticleReads);
    for (const deadline = Date.now() + 90_000; (await store.findById(articleId))!.image_url?.endsWith('.svg') && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const draft = (await app.inject({ method: 'GET', url: `/api/admin/articles/${articleId}`, headers: admin.headers })).json() as {
      title: string;
      content: string;
      version: number;
    };
    const edited = draft.content.replace(
      '</p>',
      ' The finance minister resigned after a stormy cabinet meeting on Tuesday. Starts fell 9.5% from September to an annual pace of 1,210,000 homes [1].</p>',
    );
    const save = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${articleId}`,
      headers: admin.headers,
      payload: { title: draft.title, content: edited, version: draft.version },
    });
    expect(save.statusCode).toBe(200);
    const checked = await read();
    const open = checked.claims!.claims.filter((claim) => claim.flags.length > 0);
    expect(open.map((claim) => [claim.sentence, claim.flags])).toEqual([
      ['The finance minister resigned after a stormy cabinet meeting on Tuesday.', expect.arrayContaining(['unsupported'])],
      ['Starts fell 9.5% from September to an annual pace of 1,210,000 homes [1].', ['number_mismatch']],
    ]);
    expect(open[1]!.passage).toBe(HOUSING_PARAGRAPHS[1]);
    expect(checked.claims).toMatchObject({ open: 2, flagged: 2, overridden: 0, articleVersion: draft.version + 1 });

    // Publishing over them is refused, then allowed only as an explicit override, recorded per claim and audited.
    const version = draft.version + 1;
    const refused = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: articleId, version } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(OPEN_CLAIMS_MESSAGE_PREFIX);
    expect(refused.json().details).toHaveLength(2);
    expect((await app.get(ArticleReads).findById(articleId))!.approved).toBe(false);

    const published = await app.inject({
      method: 'POST',
      url: '/api/admin/approve-blog',
      headers: admin.headers,
      payload: { blogId: articleId, version, overrideClaims: true },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().message).toContain('over 2 flagged claims');
    expect((await app.get(ArticleReads).findById(articleId))!.approved).toBe(true);
    const vouched = (await read()).claims!;
    expect(vouched).toMatchObject({ open: 0, overridden: 2 });
    expect(vouched.claims.filter((claim) => claim.flags.length).every((claim) => claim.overriddenBy === admin.username && claim.overriddenAt !== null)).toBe(
      true,
    );
    const audit = await em
      .fork()
      .getConnection()
      .execute<{ action: string; actor: string; target_id: string }[]>(
        `select action, actor, target_id from audit_log where actor = ? and action like '%override%'`,
        [admin.username],
      );
    expect(audit).toEqual([{ action: 'POST /api/admin/approve-blog: override 2 open claims', actor: admin.username, target_id: String(articleId) }]);
  });

  describe('a claim check and a publish of one article at once, in either order', () => {
    /** A draft written from its sources, its claims checked once (so the check's row exists). */
    async function sourcedDraft(): Promise<number> {
      const { approvedTopicId } = (await approve(await trendingTopic(), SINGLE_SOURCE)).json() as { approvedTopicId: number };
      const articleId = (await approvedTopic(approvedTopicId, 'blog_received'))!.blog!.id;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
        if ((await em.fork().execute('select 1 from article_claim_check where article_id = ?', [articleId])).length > 0) return articleId;
      }
      throw new Error(`The claims of article ${articleId} were never checked`);
    }

    /**
     * An article whose claims were never checked, and another session's first check of it begun and held
     * (its row inserted, not committed) until `release()`, which rolls it back: a check or a publish
     * storing the first result waits on it, as two first checks wait on each other.
     */
    async function holdFirstCheck(articleId: number): Promise<{ pid: number; release: () => Promise<void> }> {
      await em.fork().execute('delete from article_claim_check where article_id = ?', [articleId]);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: (pid: number) => void;
      const holding = new Promise<number>((resolve) => (held = resolve));
      const rolledBack = new Error('rolled back');
      const done = em
        .fork()
        .transactional(async (tx) => {
          const [{ pid }] = await tx.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
          await tx.execute('insert into article_claim_check (article_id, article_version, checked_at) values (?, 0, now())', [articleId]);
          held(pid);
          await released;
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      return { pid: await holding, release: () => (release(), done) };
    }

    /** Waits until `count` sessions wait, directly or behind another waiting one, on the session `pid`. */
    async function waitingBehind(pid: number, count: number): Promise<void> {
      for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
        const rows = await em
          .fork()
          .execute<{ pid: number; by: number[] }[]>(
            'select pid, pg_blocking_pids(pid) as by from pg_stat_activity where cardinality(pg_blocking_pids(pid)) > 0',
          );
        const behind = new Set([pid]);
        for (let more = rows.filter((r) => !behind.has(r.pid) && r.by.some((by) => behind.has(by))); more.length > 0;) {
          for (const row of more) behind.add(row.pid);
          more = rows.filter((r) => !behind.has(r.pid) && r.by.some((by) => behind.has(by)));
        }
        if (behind.size - 1 >= count) return;
        if (Date.now() > deadline) throw new Error(`${behind.size - 1} of ${count} sessions waited behind ${pid}`);
      }
    }

    const publish = (articleId: number) =>
      app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: admin.headers, payload: { blogId: articleId, overrideClaims: true } });

    it('the publish first: the check waits for it, and both finish', async () => {
      const articleId = await sourcedDraft();
      const held = await holdFirstCheck(articleId);
      // The publish locks the article and waits on the first check's row; the check starts behind it.
      const published = publish(articleId);
      await waitingBehind(held.pid, 1);
      const checked = app.get(ClaimCheckService).checkArticle(articleId);
      await waitingBehind(held.pid, 2);
      await held.release();
      expect((await published).statusCode).toBe(200);
      await expect(checked).resolves.toBe(true);
    });

    it('the check first: the publish waits for it, and both finish', async () => {
      const articleId = await sourcedDraft();
      const held = await holdFirstCheck(articleId);
      // The check locks the article's key and waits on the first check's row; the publish starts behind it.
      const checked = app.get(ClaimCheckService).checkArticle(articleId);
      await waitingBehind(held.pid, 1);
      const published = publish(articleId);
      await waitingBehind(held.pid, 2);
      await held.release();
      await expect(checked).resolves.toBe(true);
      expect((await published).statusCode).toBe(200);
    });
  });
});
