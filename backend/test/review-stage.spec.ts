import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AdminArticleSummarySchema,
  ARTICLE_STAGES,
  ArticleRevisionListSchema,
  REVIEW_STEP_NAMES,
  REVIEW_STEPS,
  ReviewedArticleSchema,
  STAGE_COUNTS_HEADER,
  stepAllowedFrom,
  type ArticleStage,
  type ReviewStep,
} from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe('the review stage', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let editor: SignedInAdmin;
  let otherEditor: SignedInAdmin;
  let writer: SignedInAdmin;
  let otherWriter: SignedInAdmin;

  beforeAll(async () => {
    // Its own queues (no worker here): a scheduled article's job must not be published by another suite's worker.
    app = await createApiApp(testConfig({ REDIS_URL: suiteRedisUrl('review-stage') }));
    em = app.get(EntityManager);
    editor = await signInAdmin(app);
    otherEditor = await signInAdmin(app, undefined, 'editor');
    writer = await signInAdmin(app, undefined, 'writer');
    otherWriter = await signInAdmin(app, undefined, 'writer');
  });
  afterAll(() => app.close());

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().getConnection().execute<T[]>(query, params);

  /** A draft moved to `stage` as SQL by hand would (the trigger keeps `approved` in step). */
  async function articleIn(stage: ArticleStage): Promise<{ id: number; slug: string }> {
    const article = await createArticle(em, { approved: false });
    if (stage !== 'draft') {
      await sql(`update article set stage = ?, scheduled_at = ? where id = ?`, [stage, stage === 'scheduled' ? inAnHour() : null, article.id]);
    }
    return { id: article.id, slug: article.slug };
  }

  const stageOf = async (id: number) =>
    (
      await sql<{ stage: ArticleStage; approved: boolean; scheduled_at: Date | null; version: number }>(
        'select stage, approved, scheduled_at, version from article where id = ?',
        [id],
      )
    )[0]!;

  const takeStep = (id: number, step: ReviewStep, who: SignedInAdmin, payload: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/articles/${id}/${step}`,
      headers: who.headers,
      payload: step === 'schedule' ? { at: inAnHour(), ...payload } : payload,
    });

  it('takes every step the table allows and refuses every other, leaving the row as it was', async () => {
    for (const step of REVIEW_STEP_NAMES) {
      for (const stage of ARTICLE_STAGES) {
        const article = await articleIn(stage);
        const before = await stageOf(article.id);
        const response = await takeStep(article.id, step, editor);
        const after = await stageOf(article.id);
        if (stepAllowedFrom(step, stage)) {
          expect({ step, stage, status: response.statusCode }).toEqual({ step, stage, status: 200 });
          expect(ReviewedArticleSchema.parse(response.json()).stage).toBe(REVIEW_STEPS[step].to);
          expect(after.stage).toBe(REVIEW_STEPS[step].to);
          expect(after.approved).toBe(REVIEW_STEPS[step].to === 'published');
        } else {
          expect({ step, stage, status: response.statusCode }).toEqual({ step, stage, status: 409 });
          expect(response.json().message).toMatch(/^Cannot .+ is .+ \(allowed from: .+\)\.$/);
          expect(after).toEqual(before);
        }
      }
    }
  });

  it('has PostgreSQL refuse a stage the state machine cannot reach, whoever writes it', async () => {
    const article = await articleIn('ready');
    await expect(sql(`update article set stage = 'archived' where id = ?`, [article.id])).rejects.toThrow(/article_stage_check/);
    await expect(sql(`update article set stage = 'scheduled' where id = ?`, [article.id])).rejects.toThrow(/article_scheduled_at_check/);
    await expect(sql(`update article set scheduled_at = now() where id = ?`, [article.id])).rejects.toThrow(/article_scheduled_at_check/);
    // Both written at once, and apart: the trigger moves one with the other only when the other is left alone.
    await expect(sql(`update article set stage = 'draft', approved = true where id = ?`, [article.id])).rejects.toThrow(/article_published_stage_check/);
    expect((await stageOf(article.id)).stage).toBe('ready');
  });

  it("keeps the spec's published flag and the stage together: approve-blog publishes from any stage, unpublishing by SQL makes a draft", async () => {
    const scheduled = await articleIn('scheduled');
    const approve = await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: editor.headers, payload: { blogId: scheduled.id } });
    expect(approve.statusCode).toBe(200);
    expect(await stageOf(scheduled.id)).toMatchObject({ stage: 'published', approved: true, scheduled_at: null });
    expect((await app.inject({ method: 'GET', url: `/api/articles/slug/${scheduled.slug}` })).statusCode).toBe(200);

    await sql('update article set approved = false where id = ?', [scheduled.id]);
    expect(await stageOf(scheduled.id)).toMatchObject({ stage: 'draft', approved: false });
    // An article inserted published (recovery, the spec's seeds) is in the published stage.
    const inserted = await createArticle(em, { approved: true });
    expect((await stageOf(inserted.id)).stage).toBe('published');
  });

  it("keeps each step's note in the article's history and in the audit log", async () => {
    const article = await articleIn('in_review');
    const note = `Cite the grid operator's own figures ${uniqueSuffix()}`;
    expect((await takeStep(article.id, 'request-changes', editor, { note })).statusCode).toBe(200);
    const history = ArticleRevisionListSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}/revisions`, headers: editor.headers })).json(),
    );
    expect(history[0]).toMatchObject({ action: 'request-changes', note, stage: 'changes_requested', actor: `admin:${editor.username}` });
    const [audit] = await sql<{ actor: string; note: string; status: number }>(
      `select actor, note, status from audit_log where action = 'POST /api/admin/articles/:id/request-changes' and target_id = ?`,
      [String(article.id)],
    );
    expect(audit).toEqual({ actor: editor.username, note, status: 200 });
  });

  it('lets only one of two editors take the same step at once', async () => {
    for (const [step, stage] of [
      ['mark-ready', 'in_review'],
      ['publish', 'ready'],
      ['unschedule', 'scheduled'],
    ] as const) {
      const article = await articleIn(stage);
      const answers = await Promise.all([takeStep(article.id, step, editor), takeStep(article.id, step, otherEditor)]);
      expect({ step, statuses: answers.map((a) => a.statusCode).sort() }).toEqual({ step, statuses: [200, 409] });
      const [{ count }] = await sql<{ count: number }>('select count(*)::int as count from article_revision where article_id = ? and action = ?', [
        article.id,
        step,
      ]);
      expect({ step, count }).toEqual({ step, count: 1 });
    }
  });

  it('refuses a step over a newer version the reviewer has not seen', async () => {
    const article = await articleIn('in_review');
    const { version } = await stageOf(article.id);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}`,
      headers: otherEditor.headers,
      payload: { title: 'Changed meanwhile', content: '<p>New</p>' },
    });
    const response = await takeStep(article.id, 'mark-ready', editor, { version });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Someone else changed this article/);
  });

  it('refuses a schedule in the past, and bad notes, with field messages', async () => {
    const article = await articleIn('ready');
    const past = await takeStep(article.id, 'schedule', editor, { at: '2020-01-01T10:00:00+01:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ path: 'at', message: 'must be in the future' }]);
    const noZone = await takeStep(article.id, 'schedule', editor, { at: '2030-01-01T10:00:00' });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().details[0].path).toBe('at');
    const longNote = await takeStep(article.id, 'mark-ready', editor, { note: 'x'.repeat(2001) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().details).toEqual([{ path: 'note', message: 'must be at most 2000 characters' }]);
    expect((await stageOf(article.id)).stage).toBe('ready');
  });

  it('stores the scheduled time in UTC whatever zone the editor sent it in', async () => {
    const article = await articleIn('ready');
    const local = new Date(Date.now() + 7200_000);
    const at = `${new Date(local.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19)}+05:30`;
    const response = await takeStep(article.id, 'schedule', editor, { at });
    expect(response.statusCode).toBe(200);
    expect(ReviewedArticleSchema.parse(response.json()).scheduledAt).toBe(new Date(Math.floor(local.getTime() / 1000) * 1000).toISOString());
  });

  it('keeps the schedule through an edit', async () => {
    const article = await articleIn('ready');
    await takeStep(article.id, 'schedule', editor);
    const before = await stageOf(article.id);
    const save = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}`,
      headers: editor.headers,
      payload: { title: 'Sharper, still scheduled', content: '<p>Body</p>' },
    });
    expect(save.statusCode).toBe(200);
    expect(await stageOf(article.id)).toMatchObject({ stage: 'scheduled', scheduled_at: before.scheduled_at });
  });

  it('creates a draft authored by the caller, assigns it, and filters the list by stage and assignee with counts that follow', async () => {
    const category = `Review ${uniqueSuffix()}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: editor.headers,
      payload: { title: 'A draft of our own', category, content: '<p>Start<script>x()</script></p>' },
    });
    expect(created.statusCode).toBe(201);
    const draft = ReviewedArticleSchema.parse(created.json());
    expect(draft).toMatchObject({ stage: 'draft', authorName: editor.username, assigneeId: null, content: '<p>Start</p>', approved: false });

    const [assignee] = await sql<{ id: number }>('select id from admin_user where username = ?', [otherEditor.username]);
    const assigned = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${draft.id}/assignee`,
      headers: editor.headers,
      payload: { assigneeId: assignee!.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(ReviewedArticleSchema.parse(assigned.json())).toMatchObject({ assigneeId: assignee!.id, assigneeName: otherEditor.username });
    const nobody = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${draft.id}/assignee`,
      headers: editor.headers,
      payload: { assigneeId: 999_999_999 },
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details[0].path).toBe('assigneeId');

    const other = await createArticle(em, { approved: false, category });
    await sql(`update article set stage = 'in_review' where id = ?`, [other.id]);
    await createArticle(em, { approved: true, category });

    const list = (query: string, who = editor) =>
      app.inject({ method: 'GET', url: `/api/admin/articles?category=${encodeURIComponent(category)}&${query}`, headers: who.headers });
    const mine = await list('assignee=me', otherEditor);
    expect(
      AdminArticleSummarySchema.array()
        .parse(mine.json())
        .map((a) => a.id),
    ).toEqual([draft.id]);
    expect(mine.headers['x-total-count']).toBe('1');
    expect(mine.headers['x-draft-count']).toBe('1');
    expect(mine.headers['x-published-count']).toBe('0');
    expect(mine.headers[STAGE_COUNTS_HEADER]).toBe('draft=1,in_review=0,changes_requested=0,ready=0,scheduled=0,published=0');
    expect(AdminArticleSummarySchema.array().parse((await list('assignee=me')).json())).toEqual([]);

    const inReview = await list('stage=in_review');
    expect(
      AdminArticleSummarySchema.array()
        .parse(inReview.json())
        .map((a) => [a.id, a.stage]),
    ).toEqual([[other.id, 'in_review']]);
    expect(inReview.headers['x-total-count']).toBe('1');
    expect(inReview.headers[STAGE_COUNTS_HEADER]).toBe('draft=1,in_review=1,changes_requested=0,ready=0,scheduled=0,published=1');
    const bad = await list('stage=archived&assignee=someone');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['assignee', 'stage']);
  });

  describe("a writer's own and assigned drafts", () => {
    const accountId = async (who: SignedInAdmin) => (await sql<{ id: number }>('select id from admin_user where username = ?', [who.username]))[0]!.id;
    const save = (id: number, who: SignedInAdmin, title = 'A writer saves') =>
      app.inject({ method: 'PUT', url: `/api/admin/blogs/${id}`, headers: who.headers, payload: { title, content: '<p>Words</p>' } });
    const newDraft = async (who: SignedInAdmin) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/articles',
        headers: who.headers,
        payload: { title: `Draft by ${who.username}`, category: 'Technology', content: '' },
      });
      expect(response.statusCode).toBe(201);
      return ReviewedArticleSchema.parse(response.json());
    };

    it('creates a draft, edits it, submits it, and edits it again only once changes are requested', async () => {
      const draft = await newDraft(writer);
      expect(draft).toMatchObject({ stage: 'draft', authorId: await accountId(writer) });
      expect((await save(draft.id, writer)).statusCode).toBe(200);
      expect((await takeStep(draft.id, 'submit', writer, { note: 'Ready for a look' })).statusCode).toBe(200);

      const inReview = await save(draft.id, writer, 'Sneaked in');
      expect(inReview.statusCode).toBe(403);
      expect(inReview.json().message).toBe('This article is in review: writers may change it only as a draft or after changes were requested.');
      expect((await takeStep(draft.id, 'request-changes', editor, { note: 'Shorter, please' })).statusCode).toBe(200);
      expect((await save(draft.id, writer, 'Shorter')).statusCode).toBe(200);
      expect((await takeStep(draft.id, 'submit', writer)).statusCode).toBe(200);
      const row = await app.inject({ method: 'GET', url: `/api/admin/articles/${draft.id}`, headers: writer.headers });
      expect(ReviewedArticleSchema.parse(row.json())).toMatchObject({ title: 'Shorter', stage: 'in_review' });
    });

    it("refuses another writer's draft with 403 and a clear message, and leaves it unchanged", async () => {
      const draft = await newDraft(writer);
      const edit = await save(draft.id, otherWriter, 'Not theirs');
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe('Writers may change only their own drafts and drafts assigned to them.');
      const submit = await takeStep(draft.id, 'submit', otherWriter);
      expect(submit.statusCode).toBe(403);
      expect(submit.json().message).toBe('Writers may submit only their own drafts and drafts assigned to them.');
      expect(await stageOf(draft.id)).toMatchObject({ stage: 'draft' });
      expect((await sql<{ title: string }>('select title from article where id = ?', [draft.id]))[0]!.title).toBe(draft.title);
      // A generated draft is nobody's: no writer edits it until it is assigned to them.
      const generated = await articleIn('draft');
      expect((await save(generated.id, writer)).statusCode).toBe(403);
    });

    it('edits and submits a draft assigned to them; an editor edits any article', async () => {
      const generated = await articleIn('draft');
      const assign = await app.inject({
        method: 'PUT',
        url: `/api/admin/articles/${generated.id}/assignee`,
        headers: editor.headers,
        payload: { assigneeId: await accountId(otherWriter) },
      });
      expect(assign.statusCode).toBe(200);
      expect((await save(generated.id, otherWriter, 'Assigned and written')).statusCode).toBe(200);
      expect((await takeStep(generated.id, 'submit', otherWriter)).statusCode).toBe(200);
      expect((await save(generated.id, editor, 'An editor tightens it')).statusCode).toBe(200);
      const mine = await app.inject({ method: 'GET', url: '/api/admin/articles?assignee=me&stage=in_review', headers: otherWriter.headers });
      expect(
        AdminArticleSummarySchema.array()
          .parse(mine.json())
          .map((a) => a.id),
      ).toContain(generated.id);
    });

    it("is refused every editor's step, publishing and assigning, by the route's permission", async () => {
      const draft = await newDraft(writer);
      await takeStep(draft.id, 'submit', writer);
      for (const step of ['request-changes', 'mark-ready', 'publish', 'schedule', 'unschedule'] as const) {
        const response = await takeStep(draft.id, step, writer);
        expect({ step, status: response.statusCode }).toEqual({ step, status: 403 });
      }
      expect((await app.inject({ method: 'POST', url: '/api/admin/approve-blog', headers: writer.headers, payload: { blogId: draft.id } })).statusCode).toBe(
        403,
      );
      expect(
        (await app.inject({ method: 'PUT', url: `/api/admin/articles/${draft.id}/assignee`, headers: writer.headers, payload: { assigneeId: null } }))
          .statusCode,
      ).toBe(403);
      expect((await stageOf(draft.id)).stage).toBe('in_review');
    });

    it('assigns only to active writers and editors', async () => {
      const article = await articleIn('draft');
      const owner = await accountId(editor);
      const refused = await app.inject({
        method: 'PUT',
        url: `/api/admin/articles/${article.id}/assignee`,
        headers: editor.headers,
        payload: { assigneeId: owner },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: 'assigneeId', message: 'is not an active writer or editor' }]);
      const assignees = (await app.inject({ method: 'GET', url: '/api/admin/assignees', headers: editor.headers })).json() as {
        username: string;
        role: string;
      }[];
      expect(assignees.map((a) => a.username)).toEqual(expect.arrayContaining([writer.username, otherEditor.username]));
      expect(assignees.every((a) => a.role === 'writer' || a.role === 'editor')).toBe(true);
    });
  });
});
