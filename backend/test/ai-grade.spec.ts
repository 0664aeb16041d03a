import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import path from 'node:path';
import { articleCanonicalPath, articleJsonLdType, textDigitalSourceType, type AiGrade, type ArticleGradeRecord, type PublicArticle } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { runDemoSeed } from '../src/app/demo-seed/demo.seeder.js';
import { ArticleDisclosureService } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { jsonLd, renderedText as text, rssItems } from './support/rendered-page.js';
import { schemaOrgProblems } from '../../libs/contracts/src/testing/schema-org.js';

const SITE = 'https://grade.example.test';
const LABELS: Record<AiGrade, string> = {
  'ai-unreviewed': 'AI-generated',
  'ai-reviewed': 'Written by AI, reviewed by an editor',
  'human-ai-assisted': 'Written by a person with AI help',
  human: 'Written by a person',
};

/** The text of the page's root element, as a reader sees it. */

/** The grade the page's label element carries, and the text right after the headline. */
function pageGrade(html: string): { grade: string | null; afterHeadline: string } {
  const tag = /<[^>]*data-testid="ai-grade"[^>]*>/.exec(html)?.[0] ?? '';
  const root = text(html);
  const headline = /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)![1]!
    .replace(/<[^>]*>/g, '')
    .trim();
  return { grade: /data-grade="([^"]+)"/.exec(tag)?.[1] ?? null, afterHeadline: root.slice(root.indexOf(headline) + headline.length).trim() };
}

/**
 * The AI involvement grade of articles made every way (docs/disclosure.md): computed from the records,
 * kept with each change of it, and shown as readers see it on the server-rendered page (next to the
 * headline, without scripts), in the feed and in link previews. On a database of its own, so the feed
 * holds only this file's articles and the demo seed runs here.
 */
describe('the AI involvement grade', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let origin: string;
  let admin: SignedInAdmin;
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let disclosure: ArticleDisclosureService;

  beforeAll(async () => {
    own = await createOwnDatabase();
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    const config = testConfig({
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SERVE_WEB: 'true',
      WEB_DIST_ROOT: distRoot,
      PUBLIC_URL: SITE,
      DATABASE_URL: own.url,
    });
    app = await createApiApp(config);
    em = app.get(EntityManager);
    // Seeded before the API starts: its first sweep grades what was there.
    await runDemoSeed(em.fork(), config.images.mediaDir, config.trending);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await signInAdmin(app);
    disclosure = app.get(ArticleDisclosureService);
  });
  afterAll(async () => {
    await app?.close();
    await own?.drop();
  });

  const get = (pathname: string) => fetch(`${origin}${pathname}`);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const versionOf = async (id: number) => (await call('GET', `/api/admin/articles/${id}`)).json().version as number;

  /** Waits for the keeper (after the change's notification) to record this grade as the article's newest. */
  async function gradeBecomes(articleId: number, grade: AiGrade): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const history = await disclosure.gradeHistory(articleId);
      if (history.at(-1)?.grade === grade) return;
      if (Date.now() > deadline) throw new Error(`article ${articleId}'s grade is ${history.at(-1)?.grade ?? 'none'}, not ${grade}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** What readers are shown: the page (next to the headline, and in link previews), the public API, and the feed item. */
  async function expectShown(article: { slug: string; category: string }, grade: AiGrade): Promise<void> {
    const label = LABELS[grade];
    const html = await (await get(articleCanonicalPath(article))).text();
    const shown = pageGrade(html);
    expect(shown.grade).toBe(grade);
    expect(shown.afterHeadline.startsWith(label)).toBe(true);
    const og = /<meta property="og:description" content="([^"]*)"/.exec(html)![1]!;
    const twitter = /<meta name="twitter:description" content="([^"]*)"/.exec(html)![1]!;
    if (grade === 'ai-unreviewed') expect(og.startsWith(`${label}. `)).toBe(true);
    else expect(og.endsWith(`(${label})`)).toBe(true);
    expect(twitter).toBe(og);

    const api = (await (await get(`/api/articles/slug/${article.slug}`)).json()) as PublicArticle;
    expect(api.provenance.grade).toMatchObject({ grade, label, disclosed: grade === 'ai-unreviewed' });

    // The structured data says the same, as schema.org and IPTC spell it.
    const documents = jsonLd(html);
    const structured = documents.find((document) => document['@type'] === articleJsonLdType(grade));
    expect(structured).toMatchObject({ digitalSourceType: textDigitalSourceType(grade, api.provenance.editedShare) });
    expect(String(structured!.backstory).startsWith(`${label}: `)).toBe(true);
    expect(schemaOrgProblems(documents)).toEqual([]);

    // The feed is rebuilt once every process has heard of the change (its notification): a moment after a write by SQL.
    let item: Record<string, string> | undefined;
    for (let attempt = 0; attempt < 50 && !item; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      item = rssItems(await (await get('/rss.xml')).text()).find((entry) => entry.link === `${SITE}${articleCanonicalPath(article)}`);
    }
    expect(item).toBeDefined();
    if (grade === 'ai-unreviewed') expect(item!.description.startsWith(`${label}. `)).toBe(true);
    else expect(item!.description.endsWith(`(${label}.)`)).toBe(true);
  }

  /** An AI draft as the generator leaves it: an approved topic's two sources, the article and its generation record. */
  async function aiDraft(): Promise<{ id: number; slug: string; category: string; draftHtml: string }> {
    const fork = em.fork();
    const [topic] = await fork.execute<{ id: number }[]>(
      `insert into approved_topic (topic, category, source_url, status, approved_by, approved_at) values ('Grid queues', 'Technology', null, 'blog_received', ?, now()) returning id`,
      [admin.username],
    );
    await fork.execute(
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, fetch_status, content_hash, text) values
        (?, 1, 'Markets Desk', 'Grid queues grow', 'Grid queues grow across the region.', 'https://markets.example/grid', 'feed_only', 'ab', 'Grid queues grow across the region, Markets Desk reports.'),
        (?, 2, 'Power Wire', 'Regulator weighs in', 'The regulator weighs in.', 'https://wire.example/reg', 'feed_only', 'cd', 'The regulator weighs in on the queues, Power Wire reports.')`,
      [topic!.id, topic!.id],
    );
    const draftHtml =
      '<p>Markets Desk reports that grid queues grow across the region [1]. Power Wire reports that the regulator weighs in on the queues [2]. ' +
      'Developers wait for years before a connection is offered, and many projects give up while they wait in line for the grid.</p>';
    const article = await createArticle(em, { approved: false, category: 'Technology', content: draftHtml, title: `Grid queues ${uniqueSuffix()}` });
    await fork.execute('update approved_topic set article_id = ? where id = ?', [article.id, topic!.id]);
    await fork.execute(
      `insert into article_generation (article_id, approved_topic_id, engine, model, prompt_version, source_count, draft_title, draft_html) values (?, ?, 'openai-compatible', 'gpt-test', 'blog-v2', 2, ?, ?)`,
      [article.id, topic!.id, article.title, draftHtml],
    );
    return { id: article.id, slug: article.slug, category: article.category, draftHtml };
  }

  /** An editor's save of the body (the claims are checked again after it). */
  async function edit(id: number, content: string): Promise<void> {
    const article = (await call('GET', `/api/admin/articles/${id}`)).json();
    const saved = await call('PUT', `/api/admin/blogs/${id}`, { title: article.title, content });
    expect(saved.statusCode).toBe(200);
  }

  /** Submitted, edited by the editor, and published over its flags with a note: a substantive review. */
  async function reviewAndPublish(draft: { id: number; draftHtml: string }): Promise<void> {
    expect((await call('POST', `/api/admin/articles/${draft.id}/submit`, { note: 'Ready for a check of the sources' })).statusCode).toBe(200);
    await edit(draft.id, draft.draftHtml.replace('many projects give up', 'a good share of the projects give up'));
    const published = await call('POST', `/api/admin/articles/${draft.id}/publish`, {
      version: await versionOf(draft.id),
      overrideClaims: true,
      note: 'Checked each flagged sentence against Markets Desk and Power Wire: they say it.',
    });
    expect(published.statusCode).toBe(200);
  }

  it('grades an AI draft reviewed and published by an editor as reviewed, and a later rewrite as written with AI help, in its history', async () => {
    const draft = await aiDraft();
    await gradeBecomes(draft.id, 'ai-unreviewed');
    await reviewAndPublish(draft);
    await gradeBecomes(draft.id, 'ai-reviewed');
    await expectShown(draft, 'ai-reviewed');

    const record = (await call('GET', `/api/admin/articles/${draft.id}/grade`)).json() as ArticleGradeRecord;
    expect(record.current.grade).toBe('ai-reviewed');
    expect(record.current.checks.map((check) => check.met)).toEqual([true, true, true, true]);
    expect(record.current.checks[0]!.detail).toBe(`published by ${admin.username}`);

    // Most of it rewritten by the editor: people wrote it, with the AI's help.
    await edit(
      draft.id,
      '<p>Connection queues now decide which wind and solar farms get built at all [1]. Regulators have been slow to change the first-come rules that created them [2].</p>',
    );
    await gradeBecomes(draft.id, 'human-ai-assisted');
    await expectShown(draft, 'human-ai-assisted');
    const history = await disclosure.gradeHistory(draft.id);
    expect(history.map((change) => [change.grade, change.label, change.disclosed])).toEqual([
      ['ai-unreviewed', 'AI-generated', true],
      ['ai-reviewed', LABELS['ai-reviewed'], false],
      ['human-ai-assisted', LABELS['human-ai-assisted'], false],
    ]);
    expect(history.map((change) => Date.parse(change.since))).toEqual([...history.map((change) => Date.parse(change.since))].sort((a, b) => a - b));
    expect((await disclosure.grade(draft.id))!.grade).toBe('human-ai-assisted');
    const revisions = (await call('GET', `/api/admin/articles/${draft.id}/revisions`)).json() as { id: number }[];
    expect(history.at(-1)!.revisionId).toBe(revisions[0]!.id);
  });

  it('discloses an AI draft an owner published at once, without a review step', async () => {
    const draft = await aiDraft();
    const published = await call('POST', '/api/admin/approve-blog', { blogId: draft.id, version: await versionOf(draft.id), overrideClaims: true });
    expect(published.statusCode).toBe(200);
    await expectShown(draft, 'ai-unreviewed');
    await gradeBecomes(draft.id, 'ai-unreviewed');
    const record = (await call('GET', `/api/admin/articles/${draft.id}/grade`)).json() as ArticleGradeRecord;
    const unmet = record.current.checks.filter((check) => !check.met).map((check) => check.detail);
    expect(unmet).toEqual(expect.arrayContaining(['published without a review step']));
    // It was published over open claims without a note: those overrides are not an examination.
    expect(unmet.join(' ')).toMatch(/overridden without a note/);
  });

  it('discloses again an article whose reviewed text was replaced by a restore of the AI draft, and the history says when', async () => {
    const draft = await aiDraft();
    await gradeBecomes(draft.id, 'ai-unreviewed');
    await reviewAndPublish(draft);
    await gradeBecomes(draft.id, 'ai-reviewed');
    const revisions = (await call('GET', `/api/admin/articles/${draft.id}/revisions`)).json() as { id: number; action: string }[];
    const created = revisions.find((revision) => revision.action === 'create')!;
    const restored = await call('POST', `/api/admin/articles/${draft.id}/revisions/${created.id}/restore`, { version: await versionOf(draft.id) });
    expect(restored.statusCode).toBe(200);
    await gradeBecomes(draft.id, 'ai-unreviewed');
    await expectShown(draft, 'ai-unreviewed');
    expect((await disclosure.gradeHistory(draft.id)).map((change) => change.grade)).toEqual(['ai-unreviewed', 'ai-reviewed', 'ai-unreviewed']);
  });

  it('labels an article an editor wrote by hand in the admin as written by a person', async () => {
    const created = await call('POST', '/api/admin/articles', {
      title: `Hand written ${uniqueSuffix()}`,
      category: 'Economics',
      content: '<p>An editor wrote every word of this column about interest rates and what they mean for savers this winter.</p>',
    });
    expect(created.statusCode).toBe(201);
    const article = created.json() as { id: number; slug: string; category: string };
    expect((await call('POST', `/api/admin/articles/${article.id}/publish`, { note: 'My own column' })).statusCode).toBe(200);
    await gradeBecomes(article.id, 'human');
    await expectShown(article, 'human');
  });

  it('discloses the demo seed and an article inserted by SQL: their origin is not on record', async () => {
    const [seeded] = await em
      .fork()
      .execute<{ id: number; slug: string; category: string }[]>(
        `select a.id, a.slug, a.category from article a join article_revision r on r.article_id = a.id and r.action = 'create' where r.actor = 'demo-seed' and a.approved order by a.created_at desc limit 1`,
      );
    expect(seeded).toBeDefined();
    // Graded by the API's first sweep.
    await gradeBecomes(seeded!.id, 'ai-unreviewed');
    await expectShown(seeded!, 'ai-unreviewed');

    const slug = `sql-grade-${uniqueSuffix()}`;
    const [inserted] = await em
      .fork()
      .execute<{ id: number }[]>(
        `insert into article (title, slug, content, category, approved, created_at, updated_at) values (?, ?, '<p>Typed into the database by an operator.</p>', 'Economics', true, now(), now()) returning id`,
        [`From SQL ${slug}`, slug],
      );
    // Shown at once, before the keeper has graded it: a disclosure is never withheld for want of a record.
    await expectShown({ slug, category: 'Economics' }, 'ai-unreviewed');
    await gradeBecomes(inserted!.id, 'ai-unreviewed');
    expect(await disclosure.gradeHistory(inserted!.id)).toHaveLength(1);

    // The newsletter digest: the disclosure above the item's title, in both parts.
    const preview = (await call('GET', '/api/admin/newsletter/preview')).json() as { html: string; text: string };
    expect(preview.text).toContain(`[AI-generated] From SQL ${slug}`);
    expect(preview.html).toMatch(new RegExp(`data-ai-grade="disclosed">AI-generated</p><p[^>]*>Economics[^<]*</p>\\s*<h2[^>]*><a[^>]*>From SQL ${slug}</a>`));
  });

  it('makes a duplicate change impossible in PostgreSQL, whoever writes it', async () => {
    const article = await createArticle(em, { title: `Duplicate ${uniqueSuffix()}` });
    await gradeBecomes(article.id, 'ai-unreviewed');
    const insert = (seq: number, grade: AiGrade) =>
      em
        .fork()
        .execute(`insert into article_grade_change (article_id, seq, grade, label, disclosed) values (?, ?, ?, 'x', ?)`, [
          article.id,
          seq,
          grade,
          grade === 'ai-unreviewed',
        ]);
    // The same place twice, the same grade again, a gap, or a lie about the grade before: all refused.
    await expect(insert(1, 'human')).rejects.toThrow(/article_grade_change_article_id_seq_unique/);
    await expect(insert(2, 'ai-unreviewed')).rejects.toThrow(/article_grade_change_differs/);
    await expect(insert(3, 'human')).rejects.toThrow(/has no grade change 2/);
    await expect(
      em
        .fork()
        .execute(
          `insert into article_grade_change (article_id, seq, grade, label, disclosed, previous_grade) values (?, 2, 'ai-unreviewed', 'x', true, 'human')`,
          [article.id],
        ),
    ).rejects.toThrow(/article_grade_change_differs/);
    expect(await disclosure.gradeHistory(article.id)).toHaveLength(1);
  });
});
