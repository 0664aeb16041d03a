import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AI_GRADE_LABELS, EVIDENCE_CSV_COLUMNS, EvidenceExportSchema, type EvidenceExport } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { Article, ArticleDisclosureService, ArticleGradeKeeper } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { BUNDLE_DIR } from './support/worker-process.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

const SITE = 'https://evidence.example.test';

/** RFC 4180 CSV read strictly: quoted cells may hold commas, quotes ("") and line breaks; lines end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else throw new Error(`Unquoted character ${JSON.stringify(char)} at ${i}`);
  }
  if (row.length || cell) throw new Error('The CSV does not end with CRLF');
  return rows;
}

/** The CSV as objects by column, the header checked. */
function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...EVIDENCE_CSV_COLUMNS]);
  return rows.map((cells) => {
    expect(cells).toHaveLength(EVIDENCE_CSV_COLUMNS.length);
    return Object.fromEntries(EVIDENCE_CSV_COLUMNS.map((column, i) => [column, cells[i]!]));
  });
}

function cli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(BUNDLE_DIR, 'main.cli.js'), ...args], {
    // Logs at info: the export on standard output must stay clean whatever the log level.
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the evidence export', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let owner: SignedInAdmin;
  let editor: SignedInAdmin;
  let reviewed: { id: number; title: string; slug: string };
  /** The day the period test published its 250 articles on (the CLI's test exports it again). */
  let period: string;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().getConnection().execute<T[]>(query, params);
  const exportOf = (query: string, who: SignedInAdmin | null = owner) =>
    app.inject({ method: 'GET', url: `/api/admin/evidence?${query}`, headers: who?.headers ?? {} });

  /** The article's history as the trigger wrote it, oldest first. */
  const revisionsOf = (id: number) =>
    sql<{ id: string; created_at: Date; actor: string; action: string; note: string | null; stage: string }>(
      `select id, created_at, actor, action, note, snapshot->>'stage' as stage from article_revision where article_id = ? order by id`,
      [id],
    );

  beforeAll(async () => {
    app = await createApiApp(testConfig({ PUBLIC_URL: SITE }));
    em = app.get(EntityManager);
    owner = await signInAdmin(app);
    editor = await signInAdmin(app, undefined, 'editor');

    // An AI draft from two sources, reviewed in the panel: edited, submitted, sent back, resubmitted,
    // marked ready and published over its flagged claims with a note, then corrected.
    const [topic] = await sql<{ id: number }>(
      `insert into approved_topic (topic, category, source_url, status, approved_by, approved_at) values ('Grid queues', 'Technology', null, 'blog_received', ?, now()) returning id`,
      [owner.username],
    );
    await sql(
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, published_at, fetch_status, fetched_at, content_hash, text) values
        (?, 1, 'Markets Desk', 'Grid queues grow', 'Queues grow.', 'https://markets.example/grid', '2026-11-26T08:00:00Z', 'fetched', '2026-11-27T09:00:00Z', 'ab', 'Grid connection queues grew to 2,600 projects this year, the operator said.')`,
      [topic!.id],
    );
    const draftHtml =
      '<p>Grid connection queues grew to 2,600 projects this year, the operator said [1].</p><p>The moon will supply 90 percent of Ohio power by Friday, Zorblax Corp announced [1].</p>';
    // A title a spreadsheet would run as a formula, with a comma, quotes and a line break.
    const article = await createArticle(em, {
      approved: false,
      content: draftHtml,
      title: `=HYPERLINK("https://evil.example"), "grid"\nqueues ${uniqueSuffix()}`,
    });
    await sql('update approved_topic set article_id = ? where id = ?', [article.id, topic!.id]);
    await sql(
      `insert into article_generation (article_id, approved_topic_id, engine, model, prompt_version, source_count, draft_title, draft_html) values (?, ?, 'openai-compatible', 'gpt-test', 'blog-v2', 1, ?, ?)`,
      [article.id, topic!.id, article.title, draftHtml],
    );
    const step = async (name: string, payload: Record<string, unknown>) => {
      const response = await app.inject({ method: 'POST', url: `/api/admin/articles/${article.id}/${name}`, headers: editor.headers, payload });
      expect({ name, status: response.statusCode, body: response.statusCode === 200 ? null : response.json() }).toEqual({ name, status: 200, body: null });
    };
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${article.id}`,
      headers: editor.headers,
      payload: { title: article.title, content: draftHtml.replace('this year', 'this year, a record') },
    });
    expect(edited.statusCode).toBe(200);
    await step('submit', { note: 'First pass, figures checked' });
    await step('request-changes', { note: '-1 Cite the operator, "not" the wire\nsecond line' });
    await step('submit', {});
    await step('mark-ready', { note: 'Sources read' });
    await step('publish', { note: '@Zorblax confirmed by phone; the claim stays', overrideClaims: true });
    const corrected = await app.inject({
      method: 'POST',
      url: `/api/admin/articles/${article.id}/corrections`,
      headers: editor.headers,
      payload: { kind: 'correction', text: '+An earlier version gave the wrong number of projects.' },
    });
    expect(corrected.statusCode).toBe(201);
    reviewed = { id: article.id, title: article.title, slug: article.slug };
    // The API grades each change shortly after it commits: wait for it, and grade once more (safe to overlap).
    await app.get(ArticleGradeKeeper).settled();
    await app.get(ArticleDisclosureService).refresh(article.id);
  });
  afterAll(() => app.close());

  it("answers one article's record as JSON: every revision, claim, note and correction as recorded", async () => {
    const response = await exportOf(`article=${reviewed.id}&format=json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="evidence-article-${reviewed.id}.json"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const document: EvidenceExport = EvidenceExportSchema.parse(response.json());
    expect(document.query).toEqual({ article: reviewed.id, from: null, to: null });
    expect(document.articles).toHaveLength(1);
    const [record] = document.articles;

    expect(record!.article).toMatchObject({ id: reviewed.id, title: reviewed.title, url: `${SITE}/technology/article/${reviewed.slug}`, stage: 'published' });
    // The steps are the history, row for row.
    const revisions = await revisionsOf(reviewed.id);
    expect(record!.steps).toEqual(
      revisions.map((revision, i) => ({
        revisionId: Number(revision.id),
        at: new Date(revision.created_at).toISOString(),
        actor: revision.actor,
        action: revision.action,
        stageFrom: i === 0 ? null : revisions[i - 1]!.stage,
        stageTo: revision.stage,
        note: revision.note,
      })),
    );
    expect(record!.steps.map((s) => [s.action, s.stageFrom, s.stageTo, s.note])).toEqual([
      ['create', null, 'draft', null],
      ['update', 'draft', 'draft', null],
      ['submit', 'draft', 'in_review', 'First pass, figures checked'],
      ['request-changes', 'in_review', 'changes_requested', '-1 Cite the operator, "not" the wire\nsecond line'],
      ['submit', 'changes_requested', 'in_review', null],
      ['mark-ready', 'in_review', 'ready', 'Sources read'],
      ['publish', 'ready', 'published', '@Zorblax confirmed by phone; the claim stays'],
      ['correction', 'published', 'published', null],
    ]);
    const publish = record!.steps[6]!;
    expect(publish.actor).toBe(`admin:${editor.username}`);
    expect(record!.article.publishedAt).toBe(publish.at);

    // Each flagged claim was overridden by the publish step, with its note.
    const claims = record!.claims!;
    const [stored] = await sql<{ total: number; flagged: number }>(
      `select count(*)::int as total, (count(*) filter (where cardinality(flags) > 0))::int as flagged from article_claim where article_id = ?`,
      [reviewed.id],
    );
    expect({ checked: claims.checked, flagged: claims.flagged }).toEqual({ checked: stored!.total, flagged: stored!.flagged });
    expect(claims.flagged).toBeGreaterThan(0);
    expect(claims.open).toBe(0);
    for (const claim of claims.flaggedClaims) {
      expect(claim).toMatchObject({ overriddenBy: editor.username, overriddenAt: publish.at, note: publish.note });
    }
    expect(claims.flaggedClaims.some((claim) => claim.sentence.includes('Zorblax'))).toBe(true);

    expect(record!.corrections).toEqual([expect.objectContaining({ kind: 'correction', text: '+An earlier version gave the wrong number of projects.' })]);
    expect(record!.responsibleEditor).toBe(editor.username);
    expect(record!.editedShare).toBeGreaterThan(0);
    // Reviewed under a named editor, a review step taken, every flag overridden with a note, the draft edited.
    expect(record!.grade).toMatchObject({ grade: 'ai-reviewed', label: AI_GRADE_LABELS['ai-reviewed'], disclosed: false });
    expect(record!.grade.checks.filter((check) => !check.met)).toEqual([]);
    // Readers saw labels only from the publication on; the last is the grade now, still shown.
    expect(record!.labels.length).toBeGreaterThan(0);
    for (const label of record!.labels) expect(Date.parse(label.since)).toBeGreaterThanOrEqual(Date.parse(publish.at));
    expect(record!.labels.at(-1)).toMatchObject({ grade: 'ai-reviewed', label: record!.grade.label, disclosed: false, until: null });
    // Each starts at a kept change of the grade or at the publication.
    const kept = (await app.get(ArticleDisclosureService).gradeHistory(reviewed.id)).map((change) => change.since);
    for (const label of record!.labels) expect([...kept, publish.at]).toContain(label.since);
  });

  it('answers the same record as CSV, one row per fact, escaped for spreadsheets', async () => {
    const [csv, json] = await Promise.all([exportOf(`article=${reviewed.id}&format=csv`), exportOf(`article=${reviewed.id}&format=json`)]);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="evidence-article-${reviewed.id}.csv"`);
    const rows = csvRecords(csv.body);
    const record = EvidenceExportSchema.parse(json.json()).articles[0]!;

    // Every row carries its article; a cell that would start a formula starts with a quote instead.
    for (const row of rows) {
      expect(row).toMatchObject({
        article_id: String(reviewed.id),
        title: `'${reviewed.title}`,
        url: record.article.url,
        grade: record.grade.grade,
        label: record.grade.label,
        responsible_editor: editor.username,
        edited_share: String(record.editedShare),
      });
    }
    const revisions = await revisionsOf(reviewed.id);
    expect(rows.filter((row) => row.record === 'step').map((row) => [row.revision_id, row.at, row.actor, row.action, row.stage_to, row.note])).toEqual(
      revisions.map((revision) => [
        revision.id,
        new Date(revision.created_at).toISOString(),
        revision.actor,
        revision.action,
        revision.stage,
        // The note as written, but never the start of a formula.
        revision.note === null ? '' : /^[=+\-@]/.test(revision.note) ? `'${revision.note}` : revision.note,
      ]),
    );
    expect(rows.filter((row) => row.record === 'check')).toHaveLength(record.grade.checks.length);
    expect(rows.filter((row) => row.record === 'claim').map((row) => [row.action, row.actor, row.at, row.note])).toEqual(
      record.claims!.flaggedClaims.map((claim) => ['overridden', `admin:${editor.username}`, claim.overriddenAt, `'${claim.note}`]),
    );
    expect(rows.find((row) => row.record === 'correction')).toMatchObject({
      action: 'correction',
      note: "'+An earlier version gave the wrong number of projects.",
    });
    expect(rows.filter((row) => row.record === 'label').map((row) => [row.action, row.note, row.at, row.until])).toEqual(
      record.labels.map((label) => [label.grade, label.label, label.since, label.until ?? '']),
    );
    expect(rows.find((row) => row.record === 'grade')).toMatchObject({ action: record.grade.grade, note: record.grade.label });
  });

  it('streams every article published in a period, in batches, and none outside it', async () => {
    const suffix = uniqueSuffix();
    const fork = em.fork();
    const bulk = Array.from({ length: 250 }, (_, i) =>
      fork.create(Article, {
        title: `Bulk ${i} ${suffix}`,
        slug: `bulk-${suffix}-${i}`,
        content: '<p>Body.</p>',
        category: 'Technology',
        approved: true,
        aiCommentary: null,
        imageUrl: null,
        sourceUrl: null,
        metaTitle: null,
        metaDescription: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      }),
    );
    await fork.flush();
    const [before, after] = [await createArticle(em), await createArticle(em)];
    const ids = bulk.map((article) => article.id);
    // Published on one day (UTC, its own to this run: the period holds these articles alone) at its first
    // and last millisecond; the neighbours a millisecond outside it.
    const day = new Date(Date.UTC(1980 + Math.floor(Math.random() * 30), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)));
    const date = (offset: number) => new Date(day.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const at = (offset: number, time: string) => `${date(offset)}T${time}Z`;
    const setPublished = (time: string, list: number[]) =>
      sql(`update article_revision set created_at = ? where article_id = any(?::int[])`, [time, `{${list.join(',')}}`]);
    await setPublished(at(0, '00:00:00.000'), ids.slice(0, 125));
    await setPublished(at(0, '23:59:59.999'), ids.slice(125));
    await setPublished(at(-1, '23:59:59.999'), [before.id]);
    await setPublished(at(1, '00:00:00.000'), [after.id]);
    period = date(0);
    // Their grades kept now (the API grades new articles shortly after they commit), so the exports below
    // and the CLI's read the same grade history.
    await app.get(ArticleGradeKeeper).settled();
    await app.get(ArticleDisclosureService).refreshStale();

    const json = await exportOf(`from=${period}&to=${period}&format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="evidence-${period}-to-${period}.json"`);
    const document = EvidenceExportSchema.parse(json.json());
    expect(document.query).toEqual({ article: null, from: period, to: period });
    expect(document.articles.map((record) => record.article.id)).toEqual([...ids].sort((a, b) => a - b));
    // Seeded by SQL: nobody reviewed them, so readers are told they are AI-generated.
    for (const record of document.articles) expect(record.grade).toMatchObject({ grade: 'ai-unreviewed', label: 'AI-generated', disclosed: true });

    const csv = await exportOf(`from=${period}&to=${period}`);
    expect(csv.statusCode).toBe(200);
    const rows = csvRecords(csv.body);
    expect([...new Set(rows.map((row) => Number(row.article_id)))]).toEqual([...ids].sort((a, b) => a - b));
    expect(rows.filter((row) => row.record === 'step')).toHaveLength(250);

    const wider = EvidenceExportSchema.parse((await exportOf(`from=${date(-1)}&to=${date(1)}&format=json`)).json());
    expect(wider.articles.map((record) => record.article.id)).toEqual(expect.arrayContaining([before.id, after.id]));
  });

  it('is for owners only', async () => {
    expect((await exportOf(`article=${reviewed.id}`, editor)).statusCode).toBe(403);
    expect((await exportOf(`article=${reviewed.id}`, null)).statusCode).toBe(401);
  });

  it('refuses bad input field by field, and answers 404 for an article that does not exist', async () => {
    const cases: [string, { path: string; message: string }[]][] = [
      ['article=abc', [{ path: 'article', message: 'must be an article id (a number)' }]],
      ['article=0', [{ path: 'article', message: 'must be positive' }]],
      ['article=1.5', [{ path: 'article', message: 'must be a whole number' }]],
      ['article=99999999999', [{ path: 'article', message: 'is too large' }]],
      ['from=2026-13-01&to=2026-11-30', [{ path: 'from', message: 'must be a date (YYYY-MM-DD)' }]],
      ['from=2026-11-30&to=2026-11-01', [{ path: 'to', message: 'must not be before from' }]],
      ['from=2025-01-01&to=2026-11-30', [{ path: 'to', message: 'must be at most 366 days after from' }]],
      ['from=2026-11-01', [{ path: 'to', message: 'is required (or give article)' }]],
      [
        '',
        [
          { path: 'from', message: 'is required (or give article)' },
          { path: 'to', message: 'is required (or give article)' },
        ],
      ],
      ['article=1&from=2026-11-01', [{ path: 'from', message: 'must not be given with article' }]],
      ['article=1&format=xml', [{ path: 'format', message: "must be 'csv' or 'json'" }]],
      ['article=1&since=2026-11-01', [{ path: 'since', message: 'is not a parameter of the export' }]],
    ];
    for (const [query, details] of cases) {
      const response = await exportOf(query);
      expect({ query, status: response.statusCode, details: response.json().details }).toEqual({ query, status: 400, details });
    }
    const missing = await exportOf('article=2147483000');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Article 2147483000 not found']);
  });

  describe('from the CLI (node dist/bundle/main.cli.js evidence)', () => {
    const env = () => ({ DATABASE_URL: process.env.DATABASE_URL!, REDIS_URL: process.env.REDIS_URL!, PUBLIC_URL: SITE });

    it('writes the same CSV to standard output, and the JSON to --out', async () => {
      const fromApi = (await exportOf(`article=${reviewed.id}&format=csv`)).body;
      const csv = cli(['evidence', '--article', String(reviewed.id), '--format', 'csv'], env());
      expect({ status: csv.status, stderr: csv.stderr }).toEqual({ status: 0, stderr: 'Exported the evidence of 1 article(s) as CSV.\n' });
      expect(csv.stdout).toBe(fromApi);

      const out = path.join(process.env.TEST_DATA_DIR!, `evidence-${uniqueSuffix()}.json`);
      const json = cli(['evidence', `--from=${period}`, '--to', period, '--format', 'json', '--out', out], env());
      expect({ status: json.status, stdout: json.stdout }).toEqual({ status: 0, stdout: '' });
      expect(json.stderr).toBe(`Exported the evidence of 250 article(s) as JSON to ${out}.\n`);
      const fromCli = EvidenceExportSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
      const fromApiJson = EvidenceExportSchema.parse((await exportOf(`from=${period}&to=${period}&format=json`)).json());
      expect(fromCli.articles).toEqual(fromApiJson.articles);
    });

    it('names the bad option (exit 64) and a missing article (exit 1), writing nothing to standard output', () => {
      const badDate = cli(['evidence', '--from', '2026-13-01', '--to', '2026-11-30'], env());
      expect([badDate.status, badDate.stdout]).toEqual([64, '']);
      expect(badDate.stderr).toMatch(/^--from must be a date \(YYYY-MM-DD\)\nUsage: evidence/);
      const badFormat = cli(['evidence', '--article', '1', '--format', 'xlsx'], env());
      expect([badFormat.status, badFormat.stderr.split('\n')[0]]).toEqual([64, "--format must be 'csv' or 'json'"]);
      const unknown = cli(['evidence', '--article', '1', '--since', '2026-11-01'], env());
      expect([unknown.status, unknown.stderr.split('\n')[0]]).toEqual([64, '--since is not an option of evidence.']);
      const missing = cli(['evidence', '--article', '2147483000'], env());
      expect([missing.status, missing.stdout]).toEqual([1, '']);
      expect(missing.stderr).toContain('Article 2147483000 not found.');
    });
  });
});
