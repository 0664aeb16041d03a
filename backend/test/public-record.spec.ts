import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import path from 'node:path';
import { ERROR_REPORT_MESSAGES, FORM_FLASH_PARAM, PAGE_DATA_ELEMENT_ID, type CorrectionEntry, type PageData, type PublicArticle } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { ErrorReport } from '../src/modules/error-reports/index.js';
import { ERROR_REPORT_LIMIT } from '../src/modules/error-reports/error-reports.service.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { renderedText as text, rssItems } from './support/rendered-page.js';

const SITE = 'https://record.example.test';
let nextIp = 1;
/** A fresh client address per test, so one test's rate limits never touch another's. */
const client = () => `10.29.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function pageData(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : null;
}

/** The text of the page's root element, as a reader sees it. */

/**
 * An article's public record: corrections and update notes (a revision each, on the page, in its
 * JSON-LD, in the feed and on /corrections), readers' error reports (JSON and the page's form, rate
 * limited and spam-screened, in the editors' queue), and what the page says of how it was made.
 */
describe('the public record of an article', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let origin: string;
  let admin: SignedInAdmin;

  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    // A database of its own: the stories list it reads spans every approved topic, other spec files' too.
    own = await createOwnDatabase();
    app = await createApiApp(
      testConfig({ DATABASE_URL: own.url, NODE_ENV: 'production', COOKIE_SECURE: 'false', SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, PUBLIC_URL: SITE }),
    );
    em = app.get(EntityManager);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const get = (pathname: string) => fetch(`${origin}${pathname}`);
  const addNote = (id: number, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/admin/articles/${id}/corrections`, headers: admin.headers, payload: body });

  describe('corrections and update notes', () => {
    it('adds a dated note as a revision of the history, shown on the page, in its JSON-LD, the feed and /corrections', async () => {
      const article = await createArticle(em, { title: `Grid queue ${uniqueSuffix()}`, category: 'Technology' });
      const before = await app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}`, headers: admin.headers });
      const correction = await addNote(article.id, {
        kind: 'correction',
        text: 'The queue is 2 GW long, not 20 GW as first written.',
        version: before.json().version,
      });
      expect(correction.statusCode).toBe(201);
      expect(correction.json().version).toBe(before.json().version + 1);
      const update = await addNote(article.id, { kind: 'update', text: 'The regulator published its decision on Friday.' });
      expect(update.statusCode).toBe(201);

      const history = (await app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}/revisions`, headers: admin.headers })).json();
      expect(history.slice(0, 2).map((r: { action: string; actor: string; changed: string[] }) => [r.action, r.actor, r.changed])).toEqual([
        ['correction', `admin:${admin.username}`, ['corrections']],
        ['correction', `admin:${admin.username}`, ['corrections']],
      ]);

      const api = (await (await get(`/api/articles/slug/${article.slug}`)).json()) as PublicArticle;
      expect(api.corrections.map((note) => [note.kind, note.text])).toEqual([
        ['correction', 'The queue is 2 GW long, not 20 GW as first written.'],
        ['update', 'The regulator published its decision on Friday.'],
      ]);
      expect(Date.parse(api.corrections[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

      const page = await (await get(`/technology/article/${article.slug}`)).text();
      expect(text(page)).toContain('Corrections and updates');
      expect(text(page)).toContain('The queue is 2 GW long, not 20 GW as first written.');
      const [data] = jsonLd(page);
      expect(data!.correction).toEqual([
        {
          '@type': 'CorrectionComment',
          name: 'Correction',
          text: 'The queue is 2 GW long, not 20 GW as first written.',
          datePublished: api.corrections[0]!.createdAt,
        },
        { '@type': 'CorrectionComment', name: 'Update', text: 'The regulator published its decision on Friday.', datePublished: api.corrections[1]!.createdAt },
      ]);
      expect(Date.parse(String(data!.dateModified))).toBeGreaterThanOrEqual(Date.parse(api.corrections[1]!.createdAt) - 1000);

      const feed = rssItems(await (await get('/rss.xml')).text());
      const noted = feed.filter((item) => item.title?.endsWith(article.title));
      expect(noted.map((item) => item.title)).toEqual([`Update: ${article.title}`, `Correction: ${article.title}`, article.title]);
      expect(noted[1]!.link).toBe(`${SITE}/technology/article/${article.slug}#corrections`);
      expect(noted[1]!.description).toBe('The queue is 2 GW long, not 20 GW as first written.');
      expect(new Set(noted.map((item) => item.guid)).size).toBe(3);

      const list = (await (await get('/api/corrections')).json()) as CorrectionEntry[];
      const mine = list.filter((entry) => entry.article.id === article.id);
      expect(mine.map((entry) => entry.kind)).toEqual(['update', 'correction']);
      const times = list.map((entry) => entry.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      const correctionsPage = await get('/corrections');
      expect(correctionsPage.status).toBe(200);
      const html = await correctionsPage.text();
      expect(html).toContain('<title data-seo>Corrections and updates | The AI Mind</title>');
      const shown = text(html);
      expect(shown.indexOf('The regulator published its decision on Friday.')).toBeLessThan(
        shown.indexOf('The queue is 2 GW long, not 20 GW as first written.'),
      );
      expect(html).toContain(`href="/technology/article/${article.slug}#corrections"`);
    });

    it('refuses a note on a draft, over a newer version, with bad fields, and without a session', async () => {
      const draft = await createArticle(em, { approved: false });
      expect((await addNote(draft.id, { kind: 'correction', text: 'A correction to a draft is an edit.' })).statusCode).toBe(409);
      const published = await createArticle(em);
      const stale = await addNote(published.id, { kind: 'correction', text: 'Over a version nobody has any more.', version: 99 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^Someone else changed this article/);
      const bad = await addNote(published.id, { kind: 'retraction', text: 'short' });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual(['kind', 'text']);
      expect((await addNote(999_999_999, { kind: 'update', text: 'No such article exists here.' })).statusCode).toBe(404);
      const anonymous = await app.inject({
        method: 'POST',
        url: `/api/admin/articles/${published.id}/corrections`,
        payload: { kind: 'update', text: 'From nobody at all.' },
      });
      expect(anonymous.statusCode).toBe(401);
      const api = (await (await get(`/api/articles/slug/${published.slug}`)).json()) as PublicArticle;
      expect(api.corrections).toEqual([]);
    });

    it('keeps each note whole in PostgreSQL whoever writes it', async () => {
      const article = await createArticle(em);
      await expect(
        em.fork().execute(`update article set corrections = '[{"kind":"erratum","text":"x","id":"1","createdAt":"2026-01-01"}]' where id = ?`, [article.id]),
      ).rejects.toThrow(/article_corrections_check/);
      await expect(em.fork().execute(`update article set corrections = '{}' where id = ?`, [article.id])).rejects.toThrow(/article_corrections_check/);
    });
  });

  describe("readers' error reports", () => {
    const report = (id: number, body: Record<string, unknown>, ip = client()) =>
      app.inject({ method: 'POST', url: `/api/articles/${id}/error-reports`, payload: body, headers: { 'x-forwarded-for': ip }, remoteAddress: ip });

    it('queues a report for the editors, who resolve it', async () => {
      const article = await createArticle(em);
      const sent = await report(article.id, { details: 'The second paragraph gives the wrong year.', quote: 'in 2019' });
      expect(sent.statusCode).toBe(201);
      const queue = await app.inject({ method: 'GET', url: `/api/admin/error-reports?article=${article.id}`, headers: admin.headers });
      expect(queue.statusCode).toBe(200);
      expect(queue.json()).toMatchObject([
        { articleId: article.id, articleTitle: article.title, details: 'The second paragraph gives the wrong year.', quote: 'in 2019', status: 'open' },
      ]);
      const resolved = await app.inject({
        method: 'POST',
        url: '/api/admin/error-reports/status',
        headers: admin.headers,
        payload: { ids: [sent.json().id], status: 'resolved' },
      });
      expect(resolved.json().count).toBe(1);
      const after = (await app.inject({ method: 'GET', url: `/api/admin/error-reports?article=${article.id}&status=resolved`, headers: admin.headers })).json();
      expect(after).toMatchObject([{ status: 'resolved', handledBy: admin.username }]);
      expect((await app.inject({ method: 'GET', url: '/api/admin/error-reports' })).statusCode).toBe(401);
    });

    it('screens spam and repeats, and refuses drafts and empty reports, storing nothing', async () => {
      const article = await createArticle(em);
      const draft = await createArticle(em, { approved: false });
      const ip = client();
      const spam = await report(article.id, { details: 'buy now http://a.example http://b.example http://c.example' }, ip);
      expect(spam.statusCode).toBe(400);
      expect(spam.json().details[0]).toMatchObject({ path: 'details', message: expect.stringContaining('looks like spam') });
      expect((await report(article.id, { details: '   ' }, ip)).statusCode).toBe(400);
      expect((await report(draft.id, { details: 'Drafts are not public.' }, ip)).statusCode).toBe(404);
      expect((await report(article.id, { details: 'The date is wrong.' }, ip)).statusCode).toBe(201);
      const repeat = await report(article.id, { details: 'The date is wrong.' }, ip);
      expect(repeat.statusCode).toBe(400);
      expect(await em.fork().count(ErrorReport, { articleId: { $in: [article.id, draft.id] } })).toBe(1);
    });

    it('lets at most the limit through from one network, then answers 429', async () => {
      const article = await createArticle(em);
      const ip = client();
      const answers = await Promise.all(
        Array.from({ length: ERROR_REPORT_LIMIT.perWindow + 3 }, (_, i) => report(article.id, { details: `Error number ${i} in the text.` }, ip)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(ERROR_REPORT_LIMIT.perWindow);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
      expect(answers.find((answer) => answer.statusCode === 429)!.headers['retry-after']).toBeDefined();
      expect(await em.fork().count(ErrorReport, { articleId: article.id })).toBe(ERROR_REPORT_LIMIT.perWindow);
    });

    it('works as the page form without JavaScript: 303 back to the article, the outcome shown once, what was typed kept on refusal', async () => {
      const article = await createArticle(em, { category: 'Culture' });
      const back = `/culture/article/${article.slug}`;
      const ip = client();
      const post = (fields: Record<string, string>) =>
        fetch(`${origin}/api/articles/${article.id}/error-reports/form`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': ip },
          body: new URLSearchParams({ ...fields, back }).toString(),
        });

      const page = await (await get(back)).text();
      expect(page).toContain(`action="/api/articles/${article.id}/error-reports/form"`);
      expect(page).toMatch(/<details[^>]*data-testid="report-an-error"/);

      const sent = await post({ details: 'The museum reopened in May, not June.', quote: 'reopened in June' });
      expect(sent.status).toBe(303);
      const location = sent.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^${back}\\?${FORM_FLASH_PARAM}=[\\w-]{22}$`));
      expect(location).not.toContain('museum');
      const shown = await get(location);
      expect(shown.headers.get('cache-control')).toBe('private, no-store');
      const html = await shown.text();
      expect(text(html)).toContain(ERROR_REPORT_MESSAGES.sent.message);
      expect(pageData(html)!.flash).toMatchObject({ form: 'errorReport', articleId: article.id, outcome: 'sent' });
      expect(text(await (await get(location)).text())).not.toContain(ERROR_REPORT_MESSAGES.sent.message);
      expect(await em.fork().count(ErrorReport, { articleId: article.id, details: 'The museum reopened in May, not June.' })).toBe(1);

      const refused = await post({ details: 'spam spam spam spam spam spam spam spam spam spam spam spam spam', quote: 'kept quote' });
      const refusedPage = await (await get(refused.headers.get('location')!)).text();
      expect(text(refusedPage)).toContain('looks like spam');
      expect(refusedPage).toContain('kept quote</textarea>');
      expect(await em.fork().count(ErrorReport, { articleId: article.id })).toBe(1);
    });
  });

  describe('how it was made', () => {
    it('says what is known of an article written in SQL and published by hand, and what is not', async () => {
      const slug = `sql-article-${uniqueSuffix()}`;
      await em
        .fork()
        .execute(
          `insert into article (title, slug, content, category, approved, created_at, updated_at, source_url) values (?, ?, '<p>Typed by an operator [1].</p>', 'Economics', true, now(), now(), 'https://wire.example/a')`,
          [`From SQL ${slug}`, slug],
        );
      const api = (await (await get(`/api/articles/slug/${slug}`)).json()) as PublicArticle;
      expect(api.provenance).toMatchObject({
        draftedBy: 'unknown',
        sources: null,
        engine: null,
        promptVersion: null,
        reviewedBy: null,
        publishedAt: null,
        editedShare: null,
        claims: null,
      });
      expect(api.provenance.unknown).toEqual(
        expect.arrayContaining([expect.stringContaining('written into the database by hand'), 'The sources it was written from were not recorded.']),
      );
      // No source set, so no marker is linked.
      expect(api.content).toContain('operator [1].');

      const page = await (await get(`/economics/article/${slug}`)).text();
      expect(text(page)).toContain('Published by the AI Mind; how its text was written was not recorded; no record names the editor who published it.');
      expect(page).toMatch(/<details[^>]*data-testid="how-this-was-made"/);
      expect(text(page)).toContain('Not on record');
      const [data] = jsonLd(page);
      expect(data).not.toHaveProperty('isBasedOn');
      expect(data).not.toHaveProperty('editor');
    });

    it('names the sources, the engine, the reviewing editor and how much editors changed for an AI draft published in the panel', async () => {
      const em1 = em.fork();
      const [topic] = await em1.execute<{ id: number }[]>(
        `insert into approved_topic (topic, category, source_url, status, approved_by, approved_at) values ('Grid queues', 'Technology', null, 'blog_received', ?, now()) returning id`,
        [admin.username],
      );
      await em1.execute(
        `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, published_at, fetch_status, fetched_at, content_hash, text) values
          (?, 1, 'Markets Desk', 'Grid queues grow', 'Queues grow.', 'https://markets.example/grid', '2026-11-26T08:00:00Z', 'fetched', '2026-11-27T09:00:00Z', 'ab', 'Queues grow.'),
          (?, 2, 'Power Wire', 'Regulator weighs in', 'It weighs in.', 'https://wire.example/reg', null, 'feed_only', null, 'cd', 'It weighs in.')`,
        [topic!.id, topic!.id],
      );
      const draftHtml = '<p>Markets Desk reports that grid queues grow [1]. Power Wire reports that the regulator weighs in [2].</p>';
      const article = await createArticle(em, { approved: false, category: 'Technology', content: draftHtml });
      await em1.execute('update approved_topic set article_id = ? where id = ?', [article.id, topic!.id]);
      await em1.execute(
        `insert into article_generation (article_id, approved_topic_id, engine, model, prompt_version, source_count, draft_title, draft_html) values (?, ?, 'openai-compatible', 'gpt-test', 'blog-v2', 2, ?, ?)`,
        [article.id, topic!.id, article.title, draftHtml],
      );
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/admin/blogs/${article.id}`,
        headers: admin.headers,
        payload: {
          title: article.title,
          content: '<p>Markets Desk reports that grid queues grow fast [1]. Power Wire reports that the regulator weighs in [2].</p>',
        },
      });
      expect(edited.statusCode).toBe(200);
      const version = (await app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}`, headers: admin.headers })).json().version;
      const published = await app.inject({
        method: 'POST',
        url: '/api/admin/approve-blog',
        headers: admin.headers,
        payload: { blogId: article.id, version, overrideClaims: true },
      });
      expect(published.statusCode).toBe(200);

      const api = (await (await get(`/api/articles/slug/${article.slug}`)).json()) as PublicArticle;
      expect(api.provenance).toMatchObject({ draftedBy: 'ai', engine: 'the model gpt-test', promptVersion: 'blog-v2', reviewedBy: admin.username });
      expect(api.provenance.sources!.map((s) => [s.number, s.outlet, s.link])).toEqual([
        [1, 'Markets Desk', 'https://markets.example/grid'],
        [2, 'Power Wire', 'https://wire.example/reg'],
      ]);
      expect(api.provenance.sources![0]).not.toHaveProperty('text');
      expect(api.provenance.editedShare).toBeGreaterThan(0);
      expect(api.provenance.editedShare).toBeLessThan(0.2);
      expect(Date.parse(api.provenance.publishedAt!)).toBeGreaterThan(Date.now() - 60_000);
      // A checked sentence's marker leads to its note (the passage), the list of sources names the rest.
      expect(api.content).toMatch(/<a href="#claim-\d+" id="claim-ref-\d+" class="claim-ref" data-claim="\d+" aria-label="Source 1[^"]*">1<\/a>/);

      const page = await (await get(`/technology/article/${article.slug}`)).text();
      expect(text(page)).toMatch(new RegExp(`Written by the AI Mind from 2 sources; reviewed and published by ${admin.username} on \\w+ \\d+, \\d{4}\\.`));
      expect(page).toContain('id="source-1"');
      expect(text(page)).toContain('Markets Desk: Grid queues grow');
      const [data] = jsonLd(page);
      expect(data!.isBasedOn).toEqual([
        {
          '@type': 'CreativeWork',
          url: 'https://markets.example/grid',
          name: 'Grid queues grow',
          publisher: { '@type': 'Organization', name: 'Markets Desk' },
          datePublished: '2026-11-26T08:00:00.000Z',
        },
        { '@type': 'CreativeWork', url: 'https://wire.example/reg', name: 'Regulator weighs in', publisher: { '@type': 'Organization', name: 'Power Wire' } },
      ]);
      expect(data!.citation).toEqual(data!.isBasedOn);
      expect(data!.editor).toEqual({ '@type': 'Person', name: admin.username });
    });
  });

  describe('stories stay live', () => {
    it('lists the reports a refresh brought on a published story, and an update note written from them covers them', async () => {
      const fork = em.fork();
      const story = `Port strike ${uniqueSuffix()}`;
      const items = [
        {
          source: 'Harbour News',
          title: 'Dock workers walk out',
          summary: 'They walk out.',
          link: 'https://harbour.example/1',
          publishedAt: '2026-11-26T08:00:00.000Z',
        },
        {
          source: 'Freight Daily',
          title: 'Ships wait offshore',
          summary: 'They wait.',
          link: 'https://freight.example/2',
          publishedAt: '2026-11-26T09:00:00.000Z',
        },
      ];
      const [trending] = await fork.execute<{ id: number }[]>(
        `insert into trending_topic (topic, source, priority, category, mentions, trend, status, item_links, items, created_at, updated_at)
         values (?, 'Harbour News', 'normal', 'Economics', 2, 'steady', 'approved', '[]', ?::jsonb, now(), now()) returning id`,
        [story, JSON.stringify(items)],
      );
      const [approved] = await fork.execute<{ id: number }[]>(
        `insert into approved_topic (trending_topic_id, topic, category, status, approved_by, approved_at) values (?, ?, 'Economics', 'blog_received', ?, now()) returning id`,
        [trending!.id, story, admin.username],
      );
      await fork.execute(
        `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, fetch_status, text, content_hash) values
          (?, 1, 'Harbour News', 'Dock workers walk out', 'They walk out.', 'https://harbour.example/1', 'feed_only', 'They walk out.', 'a'),
          (?, 2, 'Freight Daily', 'Ships wait offshore', 'They wait.', 'https://freight.example/2', 'feed_only', 'They wait.', 'b')`,
        [approved!.id, approved!.id],
      );
      const article = await createArticle(em, { title: story, category: 'Economics' });
      await fork.execute('update approved_topic set article_id = ? where id = ?', [article.id, approved!.id]);
      const newReports = () => app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}/new-reports`, headers: admin.headers });
      expect((await newReports()).json().reports).toEqual([]);

      // A refresh brings a third outlet's report on the same story.
      const later = {
        source: 'Coast Wire',
        title: 'Strike ends after talks',
        summary: 'It ends.',
        link: 'https://coast.example/3',
        publishedAt: '2026-11-27T10:00:00.000Z',
      };
      await fork.execute(`update trending_topic set items = ?::jsonb where id = ?`, [JSON.stringify([later, ...items]), trending!.id]);
      expect((await newReports()).json()).toEqual({
        articleId: article.id,
        title: story,
        reports: [
          {
            outlet: 'Coast Wire',
            title: 'Strike ends after talks',
            summary: 'It ends.',
            link: 'https://coast.example/3',
            publishedAt: '2026-11-27T10:00:00.000Z',
          },
        ],
      });
      const stories = (await app.inject({ method: 'GET', url: '/api/admin/stories/new-reports', headers: admin.headers })).json();
      expect(stories).toContainEqual({ articleId: article.id, title: story, count: 1 });

      const update = await addNote(article.id, {
        kind: 'update',
        text: 'Since this article was published: Coast Wire reports: Strike ends after talks.',
        covers: ['https://coast.example/3'],
      });
      expect(update.statusCode).toBe(201);
      expect((await newReports()).json().reports).toEqual([]);
      const api = (await (await get(`/api/articles/slug/${article.slug}`)).json()) as PublicArticle;
      expect(api.corrections).toMatchObject([
        { kind: 'update', text: 'Since this article was published: Coast Wire reports: Strike ends after talks.', covers: ['https://coast.example/3'] },
      ]);
      expect((await app.inject({ method: 'GET', url: `/api/admin/articles/${article.id}/new-reports` })).statusCode).toBe(401);
    });
  });
});
