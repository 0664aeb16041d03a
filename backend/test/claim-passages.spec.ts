import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import path from 'node:path';
import {
  AdminErrorReportSchema,
  ERROR_REPORT_MESSAGES,
  PAGE_DATA_ELEMENT_ID,
  PublicArticleSchema,
  type PageData,
  type PublicArticle,
  type PublicClaim,
} from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { ClaimCheckService } from '../src/modules/provenance/index.js';
import { ErrorReport } from '../src/modules/error-reports/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { writeFakeBuild } from './support/fake-web-build.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';
import { renderedText as text } from './support/rendered-page.js';

const SITE = 'https://claims.example.test';
let nextIp = 1;
/** A fresh client address per test, so one test's rate limits never touch another's. */
const client = () => `10.41.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function pageData(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : null;
}

/** The text of the page's root element, as a reader sees it. */

const SUPPORTED_1 = 'Markets Desk reports that builders started the fewest homes in three years in October [1].';
const SUPPORTED_2 = 'The Daily Ledger reports that borrowing costs kept many builders away from new projects [2].';
const PLANTED = 'The finance minister resigned after a stormy cabinet meeting on Tuesday [1].';
const BODY = `<p>${SUPPORTED_1} ${SUPPORTED_2}</p><p><em>${PLANTED}</em></p><h2>The AI Mind's take</h2><p>Here is what I make of it all, for what it is worth [2].</p>`;
const NOTE = 'The resignation was confirmed by the ministry by phone.';

/**
 * Every claim opened at its source: the public article carries, per cited sentence, the passage of
 * the source that supports it (the claim check's match), the outlet and the link; its markers lead to
 * the sentence's note; a sentence published over a flag says so with the editor's note; a reader's
 * error report can name one sentence, which must be the article's, and the editors' queue shows it
 * beside its passage.
 */
describe('claims opened at their sources', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let origin: string;
  let admin: SignedInAdmin;

  beforeAll(async () => {
    const distRoot = path.join(process.env.TEST_DATA_DIR!, `web-${uniqueSuffix()}`);
    writeFakeBuild(distRoot);
    app = await createApiApp(testConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false', SERVE_WEB: 'true', WEB_DIST_ROOT: distRoot, PUBLIC_URL: SITE }));
    em = app.get(EntityManager);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await signInAdmin(app);
  });
  afterAll(() => app.close());

  const get = (pathname: string) => fetch(`${origin}${pathname}`);
  const report = (id: number, body: Record<string, unknown>, ip = client()) =>
    app.inject({ method: 'POST', url: `/api/articles/${id}/error-reports`, payload: body, headers: { 'x-forwarded-for': ip }, remoteAddress: ip });

  /** An AI draft with two sources, checked, then published over its open flag with a note: its public article. */
  async function publishedWithClaims(): Promise<{ id: number; slug: string; api: PublicArticle }> {
    const fork = em.fork();
    const [topic] = await fork.execute<{ id: number }[]>(
      `insert into approved_topic (topic, category, source_url, status, approved_by, approved_at) values ('Housing starts', 'Economics', null, 'blog_received', ?, now()) returning id`,
      [admin.username],
    );
    await fork.execute(
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, published_at, fetch_status, fetched_at, content_hash, text) values
        (?, 1, 'Markets Desk', 'Housing starts fall', 'Starts fell.', 'https://markets.example/starts', null, 'fetched', now(), 'ab',
          'Builders started the fewest homes in three years in October. Starts fell for a fourth month in a row.'),
        (?, 2, 'The Daily Ledger', 'Builders wait', 'Builders wait.', 'https://ledger.example/wait', null, 'fetched', now(), 'cd',
          'Borrowing costs kept many builders away from new projects. Permits slipped in every region.')`,
      [topic!.id, topic!.id],
    );
    const article = await createArticle(em, { approved: false, category: 'Economics', content: BODY });
    await fork.execute('update approved_topic set article_id = ? where id = ?', [article.id, topic!.id]);
    expect(await app.get(ClaimCheckService).checkArticle(article.id)).toBe(true);

    const refused = await app.inject({ method: 'POST', url: `/api/admin/articles/${article.id}/publish`, headers: admin.headers, payload: { note: NOTE } });
    expect(refused.statusCode).toBe(409);
    const published = await app.inject({
      method: 'POST',
      url: `/api/admin/articles/${article.id}/publish`,
      headers: admin.headers,
      payload: { note: NOTE, overrideClaims: true },
    });
    expect(published.statusCode).toBe(200);
    const api = PublicArticleSchema.parse(await (await get(`/api/articles/slug/${article.slug}`)).json());
    return { id: article.id, slug: article.slug, api };
  }

  it('carries each cited sentence with its passage, outlet and link, marks the one published over a flag with the note, and links its markers to the notes', async () => {
    const { slug, api } = await publishedWithClaims();
    const claims = api.claims!;
    expect(claims.map((claim) => [claim.sentence, claim.cited])).toEqual([
      [SUPPORTED_1, true],
      [SUPPORTED_2, true],
      [PLANTED, true],
    ]);
    expect(claims.slice(0, 2).map((claim) => [claim.sourceNumber, claim.outlet, claim.sourceTitle, claim.link])).toEqual([
      [1, 'Markets Desk', 'Housing starts fall', 'https://markets.example/starts'],
      [2, 'The Daily Ledger', 'Builders wait', 'https://ledger.example/wait'],
    ]);
    const [first, second, planted] = claims as [PublicClaim, PublicClaim, PublicClaim];
    expect(first).toMatchObject({ passage: 'Builders started the fewest homes in three years in October.', flags: [], override: null });
    expect(second).toMatchObject({ passage: 'Borrowing costs kept many builders away from new projects.', flags: [], override: null });
    expect(planted.flags).toContain('unsupported');
    expect(planted.override).toEqual({ by: admin.username, at: expect.any(String), note: NOTE });
    // Public data only: one sentence of a source, never its kept text or a fetch error.
    const payload = JSON.stringify(api);
    expect(payload).not.toContain('Permits slipped in every region');
    expect(payload).not.toContain('fetchError');

    // The markers: each leads to its sentence's note (the first one of a sentence is the note's way back);
    // the commentary's marker, no claim, to the list of sources.
    expect(api.content).toContain(
      `<sup class="source-ref">[<a href="#claim-${first.id}" id="claim-ref-${first.id}" class="claim-ref" data-claim="${first.id}" aria-label="Source 1: the passage">1</a>]</sup>`,
    );
    expect(api.content).toContain(`<a href="#claim-${second.id}" id="claim-ref-${second.id}" class="claim-ref"`);
    expect(api.content).toMatch(
      new RegExp(
        `<sup class="source-ref source-ref-overridden">\\[<a href="#claim-${planted.id}" id="claim-ref-${planted.id}" class="claim-ref" [^>]*published over a flag`,
      ),
    );
    expect(api.content).toContain('worth <sup class="source-ref">[<a href="#source-2" aria-label="Source 2">2</a>]</sup>');

    // The page, as the server renders it: the notes with their passages and the editor's note, a form per sentence.
    const html = await (await get(`/economics/article/${slug}`)).text();
    for (const claim of claims) {
      expect(html).toContain(`id="claim-${claim.id}"`);
      expect(html).toContain(`href="#claim-ref-${claim.id}"`);
      expect(html).toContain(`<input type="hidden" name="claim" value="${claim.id}"/>`);
    }
    expect(text(html)).toContain('“Builders started the fewest homes in three years in October.”');
    expect(text(html)).toContain('Published over a flag');
    expect(text(html)).toContain(`Their note: “${NOTE}”`);
  });

  it("ties a reader's report to one sentence: the article's own claim only (400 otherwise), shown in the queue beside its passage", async () => {
    const { id, api } = await publishedWithClaims();
    const other = await publishedWithClaims();
    const [first] = api.claims! as [PublicClaim];

    const sent = await report(id, { details: 'October is wrong: it was September.', claim: first.id });
    expect(sent.statusCode).toBe(201);

    const wrongArticle = await report(id, { details: 'This names a sentence of another article.', claim: other.api.claims![0]!.id });
    expect(wrongArticle.statusCode).toBe(400);
    expect(wrongArticle.json().details).toEqual([{ path: 'claim', message: expect.stringContaining('names no sentence of this article') }]);
    for (const claim of ['3', -1, 1.5, 10 ** 13]) {
      const bad = await report(id, { details: 'A bad claim id.', claim });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0]).toMatchObject({ path: 'claim', message: 'must be a claim id' });
    }
    expect(await em.fork().count(ErrorReport, { articleId: id })).toBe(1);

    const queue = await app.inject({ method: 'GET', url: `/api/admin/error-reports?article=${id}`, headers: admin.headers });
    expect(queue.statusCode).toBe(200);
    const [queued] = queue.json() as unknown[];
    expect(AdminErrorReportSchema.parse(queued)).toMatchObject({
      details: 'October is wrong: it was September.',
      claim: {
        id: first.id,
        sentence: SUPPORTED_1,
        sourceNumber: 1,
        passage: 'Builders started the fewest homes in three years in October.',
        outlet: 'Markets Desk',
      },
    });
  });

  it('takes a report on one sentence from its form without JavaScript, and answers it in that sentence’s note', async () => {
    const { id, slug, api } = await publishedWithClaims();
    const [, second] = api.claims! as [PublicClaim, PublicClaim];
    const back = `/economics/article/${slug}`;
    const ip = client();
    const post = (fields: Record<string, string>) =>
      fetch(`${origin}/api/articles/${id}/error-reports/form`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': ip },
        body: new URLSearchParams({ ...fields, back }).toString(),
      });

    const sent = await post({ details: 'The Ledger said most builders, not many.', claim: String(second.id) });
    expect(sent.status).toBe(303);
    const html = await (await get(sent.headers.get('location')!)).text();
    expect(pageData(html)!.flash).toMatchObject({ form: 'errorReport', articleId: id, outcome: 'sent', values: { claim: String(second.id) } });
    // The thanks are in that sentence's note (its form open), not in the article's own report form.
    const note = new RegExp(`<li id="claim-${second.id}"[\\s\\S]*?</li>`).exec(html)![0];
    expect(note).toContain(ERROR_REPORT_MESSAGES.sent.message);
    expect(note).toMatch(/<details[^>]*data-testid="claim-report"[^>]*open/);
    expect(html).not.toMatch(/<details[^>]*data-testid="report-an-error"[^>]*open/);
    expect(await em.fork().count(ErrorReport, { articleId: id, claimId: second.id })).toBe(1);

    const refused = await post({ details: 'A sentence of nothing.', claim: '999999999' });
    const refusedPage = await (await get(refused.headers.get('location')!)).text();
    expect(text(refusedPage)).toContain('names no sentence of this article');
    expect(await em.fork().count(ErrorReport, { articleId: id })).toBe(1);
  });
});
