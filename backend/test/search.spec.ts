import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { ArticleSummaryListSchema, NEXT_CURSOR_HEADER } from '@ai-mind/contracts';
import { createApiApp } from '../src/app/create-api-app.js';
import { SEARCH_CANDIDATES } from '../src/modules/articles/article-search.service.js';
import { createArticle } from './support/article-factory.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

/** A made-up word no other test's article contains, so each test searches only its own rows. */
function word(): string {
  return `zq${uniqueSuffix().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
}

describe('full-text search of published articles', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  async function search(term: string, extra = '') {
    const response = await app.inject({ method: 'GET', url: `/api/articles?approved=true&search=${encodeURIComponent(term)}${extra}` });
    expect(response.statusCode).toBe(200);
    return { response, slugs: ArticleSummaryListSchema.parse(response.json()).map((a) => a.slug) };
  }

  it('ranks a title match above a commentary match above a body-only match, and leaves out drafts', async () => {
    const w = word();
    const body = await createArticle(em, { title: 'Quiet ledger', content: `<p>Deep in the text: ${w} appears once.</p>`, createdAt: new Date('2024-05-03') });
    const title = await createArticle(em, { title: `The ${w} question`, content: '<p>Nothing else.</p>', createdAt: new Date('2024-05-01') });
    const commentary = await createArticle(em, { title: 'Another story', aiCommentary: `Humans and their ${w}.`, createdAt: new Date('2024-05-02') });
    await createArticle(em, { title: `Draft about ${w}`, approved: false });

    expect((await search(w)).slugs).toEqual([title.slug, commentary.slug, body.slug]);
  });

  it('matches word forms (stemming) and searches inside one category', async () => {
    const w = word();
    const category = `Search ${uniqueSuffix()}`;
    const inside = await createArticle(em, { category, title: `Regulators ${w} the markets`, content: '<p>Regulating markets.</p>' });
    await createArticle(em, { title: `Regulators ${w} elsewhere` });
    const { slugs } = await search(`${w} regulation`, `&category=${encodeURIComponent(category.toLowerCase().replace(/ /g, '-'))}`);
    expect(slugs).toEqual([inside.slug]);
  });

  it.each([
    ['"unbalanced quote'],
    ["O'Reilly's (AI) & ops | !!"],
    ['-'],
    ['a:* & !b'],
    ['économie française'],
    ['人工知能 ニュース'],
    ['¿Qué pasa?'],
    [')))((('],
    ['\\'],
  ])('answers %j without an error', async (term) => {
    const response = await app.inject({ method: 'GET', url: `/api/articles?approved=true&search=${encodeURIComponent(term)}` });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });

  it('finds non-English words and quoted phrases', async () => {
    const w = word();
    const french = await createArticle(em, { title: `Économie ${w} et croissance`, content: '<p>Une analyse de la croissance française.</p>' });
    expect((await search(`Économie ${w}`)).slugs).toEqual([french.slug]);
    // Case folding of non-ASCII letters follows the database's ctype: the embedded cluster's builtin
    // C.UTF-8 folds them; a TEST_DATABASE_URL cluster under plain C would not.
    const [{ folded }] = await em.getConnection().execute<{ folded: string }[]>("select lower('É') as folded");
    if (folded === 'é') expect((await search(`économie ${w}`)).slugs).toEqual([french.slug]);
    expect((await search(`"${w} et croissance"`)).slugs).toEqual([french.slug]);
    expect((await search(`"croissance ${w}"`)).slugs).toEqual([]);
  });

  it(`ranks the newest ${SEARCH_CANDIDATES} matches of a common word, so the work stays bounded however many match`, async () => {
    const w = word();
    await em.getConnection().execute(
      `insert into article (title, slug, content, category, approved, created_at, updated_at)
       select 'Body match ' || n, ? || '-body-' || n, '<p>Somewhere ' || ? || ' is mentioned.</p>', 'Technology', true,
              timestamptz '2023-06-01' + make_interval(hours => n), timestamptz '2023-06-01' + make_interval(hours => n)
       from generate_series(1, ?) as n`,
      [w, w, SEARCH_CANDIDATES],
    );
    const older = await createArticle(em, { title: `The ${w} question, long ago`, createdAt: new Date('2020-01-01') });
    const newer = await createArticle(em, { title: `The ${w} question today`, createdAt: new Date('2024-01-01') });

    const { slugs } = await search(w);
    expect(slugs[0]).toBe(newer.slug);
    expect(slugs).not.toContain(older.slug);
    expect(slugs.slice(1).every((slug) => slug.startsWith(`${w}-body-`))).toBe(true);
  });

  it('pages through results with the cursor', async () => {
    const w = word();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createArticle(em, { title: `${w} part ${i}`, createdAt: new Date(Date.UTC(2024, 6, i + 1)) }));
    const first = await search(w, '&limit=2');
    const cursor = first.response.headers[NEXT_CURSOR_HEADER] as string;
    const second = await search(w, `&limit=2&cursor=${cursor}`);
    const third = await search(w, `&limit=2&cursor=${second.response.headers[NEXT_CURSOR_HEADER] as string}`);
    expect(third.response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect([...first.slugs, ...second.slugs, ...third.slugs].sort()).toEqual(made.map((a) => a.slug).sort());
  });

  it('refuses a list cursor in a search and an empty term', async () => {
    const listPage = await app.inject({ method: 'GET', url: '/api/articles?approved=true&limit=1' });
    const cursor = listPage.headers[NEXT_CURSOR_HEADER] as string;
    const mixed = await app.inject({ method: 'GET', url: `/api/articles?approved=true&search=grid&cursor=${cursor}` });
    expect(mixed.statusCode).toBe(400);
    const empty = await app.inject({ method: 'GET', url: '/api/articles?approved=true&search=%20%20' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('search');
  });
});
