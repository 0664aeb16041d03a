import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  articleCanonicalPath,
  SINGLE_SOURCE_GRADE_LABELS,
  type ArticleGradeRecord,
  type ArticleOutletMix,
  type Outlet,
  type PublicArticle,
  type TrendingOutletMix,
} from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { JobProducer } from '../src/queue/job-producer.service.js';
import { type FeedItem, TrendingTopic } from '../src/modules/trending/index.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { jsonLd, renderedText, rssItems } from './support/rendered-page.js';
import { suiteRedisUrl } from './support/suite-redis.js';
import { configOf, testConfig, uniqueSuffix } from './support/test-config.js';
import { until } from './support/until.js';
import { startReportedWorker, stopProcess } from './support/worker-process.js';

const SITE = 'https://sources.example.test';
const REDIS_URL = suiteRedisUrl('independent-sources');
const NOTE = 'Only the Ledger group has reported this so far; the draft says so and we will add others as they come.';

/**
 * Independent sources or an override (docs/independent-sources.md): the owner's outlet list, the
 * outlet mix of each topic (one owner counts once; one side only when every outlet is labelled),
 * approval below the newsroom's setting only as single-source with a note, generation refused
 * without it even for a topic stored by SQL, a check in PostgreSQL, and the article saying so in its
 * label, grade and structured data. On a database of its own: it edits the newsroom's one setting.
 */
describe('independent sources or an override', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let worker: ChildProcess;
  let origin: string;
  let owner: SignedInAdmin;
  let editor: SignedInAdmin;
  let writer: SignedInAdmin;
  const suffix = uniqueSuffix();
  const LEDGER = `Ledger ${suffix}`;
  const LEDGER_EVENING = `Evening Ledger ${suffix}`;
  const HARBOR = `Harbor Times ${suffix}`;
  const CIVIC = `Civic Wire ${suffix}`;

  beforeAll(async () => {
    own = await createOwnDatabase();
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(
      testConfig({
        NODE_ENV: 'production',
        COOKIE_SECURE: 'false',
        SERVE_WEB: 'true',
        WEB_DIST_ROOT: distRoot,
        PUBLIC_URL: SITE,
        DATABASE_URL: own.url,
        REDIS_URL,
      }),
    );
    em = app.get(EntityManager);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await signInAdmin(app, 'a-long-test-password', 'owner');
    editor = await signInAdmin(app, 'a-long-test-password', 'editor');
    writer = await signInAdmin(app, 'a-long-test-password', 'writer');
    worker = await startReportedWorker({ REDIS_URL, DATABASE_URL: own.url, MEDIA_DIR: configOf(app).images.mediaDir });
  });
  afterAll(async () => {
    if (worker) await stopProcess(worker);
    await app?.close();
    await own?.drop();
  });

  const call = (who: SignedInAdmin | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const fieldsOf = (response: { json: () => unknown }) =>
    ((response.json() as { details?: { path: string; message: string }[] }).details ?? []).map((d) => d.path);

  const item = (source: string, n: number): FeedItem => ({
    source,
    title: `Port strike enters day ${n}`,
    link: `https://${source.toLowerCase().replace(/\W+/g, '')}.example/story-${n}`,
    summary: `Dockworkers stayed out for day ${n}, ${source} reports.`,
    publishedAt: '2026-11-20T06:00:00.000Z',
  });

  async function trendingTopic(...outlets: string[]): Promise<TrendingTopic> {
    const fork = em.fork();
    const topic = fork.create(TrendingTopic, {
      topic: `Port strike ${uniqueSuffix()}`,
      source: outlets[0]!,
      category: 'Economics',
      mentions: 10,
      sourceUrl: null,
      items: outlets.map((outlet, n) => item(outlet, n + 1)),
    });
    await fork.flush();
    return topic;
  }
  const approve = (topic: TrendingTopic, extra: object = {}) =>
    call(editor, 'POST', '/api/admin/approve-topic', { topicId: topic.id, topic: topic.topic, category: topic.category, sourceUrl: null, ...extra });

  async function topicStatus(id: number, status: string): Promise<{ status: string; last_error: string | null; article_id: number | null }> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const [row] = await em
        .fork()
        .execute<{ status: string; last_error: string | null; article_id: number | null }[]>(
          'select status, last_error, article_id from approved_topic where id = ?',
          [id],
        );
      if (row?.status === status || Date.now() > deadline) return row!;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('keeps the outlet list for the owner alone, with field errors and names unique without regard to case', async () => {
    const body = { name: LEDGER, owner: 'Ledger Media Group', side: 'left', notes: 'Owned with the Evening Ledger.' };
    expect((await call(null, 'GET', '/api/admin/outlets')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/admin/outlets', body)).statusCode).toBe(401);
    for (const who of [editor, writer]) {
      expect((await call(who, 'GET', '/api/admin/outlets')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/admin/outlets', body)).statusCode).toBe(403);
      expect((await call(who, 'PUT', '/api/admin/outlets/settings', { minIndependentOutlets: 1 })).statusCode).toBe(403);
    }

    const bad = await call(owner, 'POST', '/api/admin/outlets', { name: '  ', owner: 'x'.repeat(201), side: 'y'.repeat(41) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['name', 'owner', 'side']);

    const created = await call(owner, 'POST', '/api/admin/outlets', body);
    expect(created.statusCode).toBe(201);
    expect(created.json<Outlet>()).toMatchObject({ name: LEDGER, owner: 'Ledger Media Group', side: 'left', updatedBy: owner.username });

    const again = await call(owner, 'POST', '/api/admin/outlets', { ...body, name: ` ${LEDGER.toUpperCase()} ` });
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(['name']);

    for (const outlet of [
      { name: LEDGER_EVENING, owner: 'ledger media group', side: 'left' },
      { name: HARBOR, owner: 'Harbor Trust', side: 'left' },
      { name: CIVIC, owner: 'Civic Wire Cooperative' },
    ])
      expect((await call(owner, 'POST', '/api/admin/outlets', outlet)).statusCode).toBe(201);

    const listed = (await call(owner, 'GET', '/api/admin/outlets')).json<Outlet[]>();
    const civic = listed.find((outlet) => outlet.name === CIVIC)!;
    expect(civic.side).toBeNull();
    // Edited and deleted by the owner only; an unknown id is a 404.
    expect((await call(editor, 'PUT', `/api/admin/outlets/${civic.id}`, { name: CIVIC, owner: 'Someone' })).statusCode).toBe(403);
    expect((await call(editor, 'POST', `/api/admin/outlets/${civic.id}/delete`)).statusCode).toBe(403);
    const edited = await call(owner, 'PUT', `/api/admin/outlets/${civic.id}`, { name: CIVIC, owner: 'Civic Wire Cooperative', notes: 'Member-owned.' });
    expect(edited.json<Outlet>()).toMatchObject({ notes: 'Member-owned.', side: null });
    expect((await call(owner, 'PUT', '/api/admin/outlets/999999', { name: 'Nobody', owner: 'Nobody' })).statusCode).toBe(404);
    const temporary = (await call(owner, 'POST', '/api/admin/outlets', { name: `Gone ${suffix}`, owner: 'Gone' })).json<Outlet>();
    expect((await call(owner, 'POST', `/api/admin/outlets/${temporary.id}/delete`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/admin/outlets')).json<Outlet[]>().some((outlet) => outlet.id === temporary.id)).toBe(false);
  });

  it('shows each topic’s mix: one owner counts once, one side only when every covering outlet is labelled alike', async () => {
    const sameOwner = await trendingTopic(LEDGER, LEDGER_EVENING, LEDGER);
    const sameSide = await trendingTopic(LEDGER, HARBOR);
    const oneUnlabelled = await trendingTopic(LEDGER, CIVIC);
    const unlisted = await trendingTopic(HARBOR, `Unknown Gazette ${suffix}`);
    // A writer reads the trending topics, so also their mix.
    const response = await call(writer, 'GET', '/api/admin/outlets/trending-mix');
    expect(response.statusCode).toBe(200);
    const { minIndependentOutlets, topics } = response.json<TrendingOutletMix>();
    expect(minIndependentOutlets).toBe(2);
    const mixOf = (topic: TrendingTopic) => topics.find((entry) => entry.topicId === topic.id)!.mix;

    expect(mixOf(sameOwner)).toMatchObject({ independentOutlets: 1, oneSided: true, side: 'left' });
    expect(mixOf(sameOwner).outlets).toEqual([
      { name: LEDGER, owner: 'Ledger Media Group', side: 'left', listed: true, items: 2 },
      { name: LEDGER_EVENING, owner: 'ledger media group', side: 'left', listed: true, items: 1 },
    ]);
    expect(mixOf(sameSide)).toMatchObject({ independentOutlets: 2, oneSided: true, side: 'left' });
    expect(mixOf(oneUnlabelled)).toMatchObject({ independentOutlets: 2, oneSided: false, side: null });
    expect(mixOf(unlisted)).toMatchObject({ independentOutlets: 2, oneSided: false });
    expect(mixOf(unlisted).outlets[1]).toMatchObject({ owner: `Unknown Gazette ${suffix}`, listed: false, side: null });
  });

  it('approves a topic below the setting only as single-source with a note, and keeps the setting in bounds for the owner alone', async () => {
    const single = await trendingTopic(LEDGER, LEDGER_EVENING);
    const refused = await approve(single);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['singleSource']);
    expect(refused.json<{ message: string }>().message).toContain('1 independent outlet, fewer than the 2 the newsroom requires');
    const noNote = await approve(single, { singleSource: true });
    expect(fieldsOf(noNote)).toEqual(['note']);
    expect(fieldsOf(await approve(single, { singleSource: true, note: '   ' }))).toEqual(['note']);
    expect(fieldsOf(await approve(single, { singleSource: true, note: 'x'.repeat(1001) }))).toEqual(['note']);
    // Nothing was approved by the refusals: the topic still waits.
    expect((await em.fork().execute('select 1 from approved_topic where trending_topic_id = ?', [single.id])).length).toBe(0);

    // The setting: the owner's, from 1 to 10.
    expect((await call(editor, 'PUT', '/api/admin/outlets/settings', { minIndependentOutlets: 3 })).statusCode).toBe(403);
    expect(fieldsOf(await call(owner, 'PUT', '/api/admin/outlets/settings', { minIndependentOutlets: 0 }))).toEqual(['minIndependentOutlets']);
    expect(fieldsOf(await call(owner, 'PUT', '/api/admin/outlets/settings', { minIndependentOutlets: 11 }))).toEqual(['minIndependentOutlets']);
    const raised = await call(owner, 'PUT', '/api/admin/outlets/settings', { minIndependentOutlets: 3 });
    expect(raised.json()).toMatchObject({ minIndependentOutlets: 3, updatedBy: owner.username });
    const two = await trendingTopic(LEDGER, HARBOR);
    expect(fieldsOf(await approve(two))).toEqual(['singleSource']);
    expect((await call(owner, 'PUT', '/api/admin/outlets/settings', { minIndependentOutlets: 2 })).statusCode).toBe(200);
    const plain = await approve(two);
    expect(plain.statusCode).toBe(200);
    const [plainRow] = await em
      .fork()
      .execute('select single_source, single_source_note, independent_outlets from approved_topic where id = ?', [plain.json().approvedTopicId]);
    expect(plainRow).toEqual({ single_source: false, single_source_note: null, independent_outlets: 2 });
    await topicStatus(plain.json().approvedTopicId, 'blog_received');
  });

  it('refuses to generate a topic stored below the setting without the override, and PostgreSQL refuses an override without a note', async () => {
    const fork = em.fork();
    const [topic] = await fork.execute<{ id: number }[]>(
      `insert into approved_topic (topic, category, status, approved_by, approved_at) values ('Stored by hand', 'Economics', 'queued', 'sql', now()) returning id`,
    );
    await fork.execute(
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, fetch_status, content_hash, text) values
        (?, 1, ?, 'One report', 'One report.', null, 'feed_only', 'ab', 'One report of the strike.'),
        (?, 2, ?, 'Same group', 'Same group.', null, 'feed_only', 'cd', 'The same group reports it too.')`,
      [topic!.id, LEDGER, topic!.id, LEDGER_EVENING],
    );
    await app.get(JobProducer).enqueue('workflow-generate', { approvedTopicId: topic!.id }, { jobId: `workflow-generate-${topic!.id}` });
    const refused = await topicStatus(topic!.id, 'failed');
    expect(refused.status).toBe('failed');
    expect(refused.article_id).toBeNull();
    expect(refused.last_error).toContain('fewer than the 2 the newsroom requires');

    const insert = (singleSource: boolean, note: string | null) =>
      fork.execute(
        `insert into approved_topic (topic, category, status, approved_by, approved_at, single_source, single_source_note) values ('x', 'Economics', 'queued', 'sql', now(), ?, ?)`,
        [singleSource, note],
      );
    await expect(insert(true, null)).rejects.toThrow(/approved_topic_single_source_note_check/);
    await expect(insert(true, '  ')).rejects.toThrow(/approved_topic_single_source_note_check/);
    await expect(insert(false, 'a note without the override')).rejects.toThrow(/approved_topic_single_source_note_check/);
    await expect(insert(true, 'y'.repeat(1001))).rejects.toThrow(/approved_topic_single_source_note_check/);
  });

  it('writes a single-source topic approved with a note, and the article says so in its label, grade, card, feed and JSON-LD', async () => {
    const single = await trendingTopic(LEDGER, LEDGER_EVENING);
    const approved = await approve(single, { singleSource: true, note: NOTE });
    expect(approved.statusCode).toBe(200);
    const approvedTopicId = approved.json().approvedTopicId as number;
    const [row] = await em.fork().execute('select single_source, single_source_note, independent_outlets from approved_topic where id = ?', [approvedTopicId]);
    expect(row).toEqual({ single_source: true, single_source_note: NOTE, independent_outlets: 1 });

    const { article_id: articleId } = await topicStatus(approvedTopicId, 'blog_received');
    expect(articleId).not.toBeNull();
    // The article's admin record: the mix of its topic and how it was approved.
    const mix = (await call(writer, 'GET', `/api/admin/outlets/articles/${articleId}`)).json<ArticleOutletMix>();
    expect(mix).toMatchObject({ approvedTopicId, singleSource: true, note: NOTE, independentOutletsAtApproval: 1, minIndependentOutlets: 2 });
    expect(mix.mix).toMatchObject({ independentOutlets: 1, oneSided: true, side: 'left' });

    const label = SINGLE_SOURCE_GRADE_LABELS['ai-unreviewed'];
    const deadline = Date.now() + 30_000;
    let record: ArticleGradeRecord;
    for (;;) {
      record = (await call(owner, 'GET', `/api/admin/articles/${articleId}/grade`)).json<ArticleGradeRecord>();
      if (record.history.length > 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(record.current).toMatchObject({ grade: 'ai-unreviewed', label, disclosed: true, singleSource: { note: NOTE, independentOutlets: 1 } });
    expect(record.history.at(-1)).toMatchObject({ label });

    // Published by the owner at once: readers see it wherever the label shows.
    // After the image job queued with the draft has stored its image (a new version of the article), as an
    // editor opening the draft then would: published over the version read before it, the publish is refused.
    type Draft = { version: number; slug: string; category: string; imageUrl: string | null };
    const readDraft = async () => (await call(owner, 'GET', `/api/admin/articles/${articleId}`)).json<Draft>();
    const article = await until("the draft's image job to store its image", readDraft, (draft) => !draft.imageUrl?.startsWith('/media/covers/'), 60_000);
    const published = await call(owner, 'POST', '/api/admin/approve-blog', { blogId: articleId, version: article.version, overrideClaims: true });
    expect(published.statusCode).toBe(200);
    const page = async () => (await fetch(`${origin}${articleCanonicalPath(article)}`)).text();
    let html = await page();
    for (let attempt = 0; attempt < 50 && !html.includes(label); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      html = await page();
    }
    const text = renderedText(html);
    expect(text).toContain(label);
    expect(text).toContain('Written by the AI Mind from 2 sources, approved as single-source');
    const structured = jsonLd(html).find((document) => typeof document.backstory === 'string')!;
    expect(String(structured.backstory).startsWith(`${label}: `)).toBe(true);
    expect(structured.backstory).toContain(`It was approved as single-source; the editor's note: "${NOTE}"`);

    const api = (await (await fetch(`${origin}/api/articles/slug/${article.slug}`)).json()) as PublicArticle;
    expect(api.provenance.grade).toMatchObject({ label, singleSource: { note: NOTE } });
    const cards = (await (await fetch(`${origin}/api/articles?limit=50`)).json()) as
      { articles?: { id: number; aiGrade: { label: string } }[] } | { id: number; aiGrade: { label: string } }[];
    const list = Array.isArray(cards) ? cards : (cards.articles ?? []);
    expect(list.find((card) => card.id === articleId)?.aiGrade.label).toBe(label);
    let feedItem: Record<string, string> | undefined;
    for (let attempt = 0; attempt < 50 && !feedItem?.description.startsWith(label); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      feedItem = rssItems(await (await fetch(`${origin}/rss.xml`)).text()).find((entry) => entry.link === `${SITE}${articleCanonicalPath(article)}`);
    }
    expect(feedItem?.description.startsWith(`${label}. `)).toBe(true);
  });
});
