import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { ARTICLE_CONTENT_MAX_DEPTH, ARTICLE_CONTENT_MAX_LENGTH } from '@ai-mind/contracts';
import { sanitizeArticleHtml } from '@ai-mind/contracts/article-sanitizer';
import { createApiApp } from '../src/app/create-api-app.js';
import { articleSanitizer } from '../src/modules/articles/article-sanitizer-pool.js';
import { claimChecker } from '../src/modules/provenance/claim-check-pool.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/** `levels` elements, each in the one before, around `inner`. */
const nested = (levels: number, inner: string, tag = 'blockquote') => `${`<${tag}>`.repeat(levels)}${inner}${`</${tag}>`.repeat(levels)}`;

const QUOTED = nested(ARTICLE_CONTENT_MAX_DEPTH - 1, '<p>The grid operator said 3 plants in Texas would close by 2030 [1].</p>');
/** The paragraphs of the largest body allowed. */
const PARAGRAPHS = Math.floor(ARTICLE_CONTENT_MAX_LENGTH / QUOTED.length);
/** The largest body allowed, as deep as allowed: quotes in quotes down to a paragraph, again and again, up to the length limit. */
const largestNestedBody = () => QUOTED.repeat(PARAGRAPHS);

// The saves of the largest body allowed take seconds on a loaded CI machine (sanitizing, the claim check, PostgreSQL's search vector).
describe('article bodies: limited in size and depth, worked on off the event loop, one save per account at a time', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let alice: SignedInAdmin;
  let bob: SignedInAdmin;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
    alice = await signInAdmin(app);
    bob = await signInAdmin(app);
  });
  afterAll(() => app.close());

  const save = (who: SignedInAdmin, id: number, content: string) =>
    app.inject({ method: 'PUT', url: `/api/admin/blogs/${id}`, headers: who.headers, payload: { title: `Saved ${uniqueSuffix()}`, content } });
  const storedContent = async (id: number) => (await em.fork().execute<{ content: string }[]>('select content from article where id = ?', [id]))[0]!.content;

  /** A draft generated for an approved topic with one source, so that each save of it is checked against that source. */
  async function draftWithSources(): Promise<number> {
    const fork = em.fork();
    const [topic] = await fork.execute<{ id: number }[]>(
      `insert into approved_topic (topic, category, status, approved_by, approved_at) values (?, 'Economics', 'blog_received', ?, now()) returning id`,
      [`Grid closures ${uniqueSuffix()}`, alice.username],
    );
    await fork.execute(
      `insert into topic_source (approved_topic_id, number, outlet, title, summary, link, fetch_status, text, content_hash)
       values (?, 1, 'Markets Desk', 'Plants to close', 'The grid operator said 3 plants in Texas would close by 2030.', 'https://markets.example/1', 'feed_only', ?, 'a')`,
      [topic!.id, 'Reserve margins are thin this winter. '.repeat(200)],
    );
    const article = await createArticle(em, { approved: false, category: 'Economics' });
    await fork.execute('update approved_topic set article_id = ? where id = ?', [article.id, topic!.id]);
    return article.id;
  }

  it('refuses a body nested deeper than allowed, or longer than allowed, with a 400 naming content, and keeps the article as it was', async () => {
    const article = await createArticle(em, { approved: false });
    const before = await storedContent(article.id);
    const tooDeep = nested(ARTICLE_CONTENT_MAX_DEPTH + 1, 'Deep text', 'b');
    // Markup sent entity-escaped is unescaped for readers, so its depth counts too.
    const tooDeepEscaped = `<p>${'&lt;b&gt;'.repeat(ARTICLE_CONTENT_MAX_DEPTH + 1)}Deep text</p>`;
    const tooLong = `<p>${'Long text. '.repeat(ARTICLE_CONTENT_MAX_LENGTH / 10)}</p>`;
    for (const [content, message] of [
      [tooDeep, `must not nest elements more than ${ARTICLE_CONTENT_MAX_DEPTH} deep`],
      [tooDeepEscaped, `must not nest elements more than ${ARTICLE_CONTENT_MAX_DEPTH} deep`],
      [tooLong, 'must be at most 200,000 characters'],
    ] as const) {
      for (const response of [
        await save(alice, article.id, content),
        await app.inject({
          method: 'POST',
          url: '/api/admin/articles',
          headers: alice.headers,
          payload: { title: 'New draft', category: 'Economics', content },
        }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([{ path: 'content', message }]);
      }
    }
    expect(await storedContent(article.id)).toBe(before);
    // As deep as allowed is fine.
    expect((await save(alice, article.id, nested(ARTICLE_CONTENT_MAX_DEPTH, 'Deep text', 'b'))).statusCode).toBe(200);
  });

  it('sanitizes and checks the claims of the largest body allowed on threads of their own: the event loop turns while each is under way', async () => {
    const id = await draftWithSources();
    const body = largestNestedBody();
    expect(body.length).toBeGreaterThan(ARTICLE_CONTENT_MAX_LENGTH * 0.95);
    let sanitizing = false;
    let checking = false;
    // A timer set before the save: it fires while the save is under way only if the event loop is free meanwhile.
    const watch = setInterval(() => {
      sanitizing ||= articleSanitizer.queued > 0;
      checking ||= claimChecker.queued > 0;
    }, 1);
    const response = await save(alice, id, body).finally(() => clearInterval(watch));
    expect(response.statusCode).toBe(200);
    expect({ sanitizing, checking }).toEqual({ sanitizing: true, checking: true });
    // Stored as the sanitizer makes it, and checked: one claim per paragraph, each supported by the source.
    expect(await storedContent(id)).toBe(sanitizeArticleHtml(body));
    const claims = await em.fork().execute<{ flags: string[] }[]>('select flags from article_claim where article_id = ?', [id]);
    expect(claims).toHaveLength(PARAGRAPHS);
    expect(claims.filter((claim) => claim.flags.length > 0)).toEqual([]);
  }, 120_000);

  it('takes one save per account at a time: a second save while the first runs gets a 429 and stores nothing, another account saves meanwhile', async () => {
    const [first, second, other] = [await draftWithSources(), await draftWithSources(), await draftWithSources()];
    const body = largestNestedBody();
    const before = await storedContent(second);
    const [one, two, bobs] = await Promise.all([save(alice, first, body), save(alice, second, body), save(bob, other, body)]);
    expect([one.statusCode, two.statusCode, bobs.statusCode]).toEqual([200, 429, 200]);
    expect(two.json()).toMatchObject({ error: 'Too Many Requests', message: 'Your previous save is still in progress. Try again once it has finished.' });
    expect(two.headers['retry-after']).toBe('1');
    expect(await storedContent(second)).toBe(before);
    // Once the first is done, the next save goes through.
    expect((await save(alice, second, body)).statusCode).toBe(200);
  }, 120_000);
});
