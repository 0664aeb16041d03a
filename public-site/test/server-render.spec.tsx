/**
 * @jest-environment node
 */
import { render } from '../src/server';
import { FALLBACK_IMAGE } from '../src/features/articles/components/ArticleImage';
import { article, summaries, summary } from './fixtures';

/** The API as the server render reaches it: answers by path, 404 for anything else. */
function api(routes: Record<string, unknown>): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = String(input);
    const match = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    if (!match) return new Response('{"error":"Not Found"}', { status: 404 });
    return new Response(JSON.stringify(routes[match]), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('the public site rendered on the server (server.tsx)', () => {
  it('renders every card of the home page’s first page, the footer, and the list for the client', async () => {
    const items = summaries(12);
    const page = await render('/', { origin: 'https://example.test', fetch: api({ '/api/articles?': items }) });
    expect(page.status).toBe(200);
    expect(page.page).toBe('home');
    for (const item of items) expect(page.html).toContain(`href="/article/${item.slug}"`);
    expect(page.html).toContain('aria-label="Footer"');
    expect(page.meta.title).toContain('The AI Mind');
    expect(JSON.stringify(page.pageData)).toContain('"story-12"');
    expect(page.html).not.toMatch(/<script/);
  });

  it('renders the whole article body as the API gives it, with its comments; a missing article is a 404 with its page', async () => {
    const story = article({ content: '<p>First words.</p><h2>A heading</h2><p>Last words.</p>' });
    const page = await render(`/article/${story.slug}`, {
      origin: 'https://example.test',
      fetch: api({ [`/api/articles/slug/${story.slug}`]: story, [`/api/articles/${story.id}/comments`]: [] }),
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<p>First words.</p><h2>A heading</h2><p>Last words.</p>');
    expect(page.html).not.toMatch(/<script/);
    expect(page.html).toContain('data-testid="comments-section"');
    expect(page.meta.title).toBe(`${story.title} | The AI Mind`);

    const missing = await render('/article/nothing-here', { origin: 'https://example.test', fetch: api({}) });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Article Not Found');
  });

  it('renders the header search as a form that works without JavaScript: GET to the search page, its input in <noscript>', async () => {
    const page = await render('/about', { origin: 'https://example.test', fetch: api({}) });
    const form = page.html.match(/<form[^>]*role="search"[^>]*>([\s\S]*?)<\/form>/);
    expect(form?.[0]).toMatch(/action="\/"/);
    expect(form?.[0]).toMatch(/method="get"/);
    const fallback = form?.[1].match(/<noscript>(<input[^>]*>)([\s\S]*?)<\/noscript>/);
    expect(fallback?.[1]).toMatch(/name="search"/);
    expect(fallback?.[1]).toMatch(/required=""/);
    expect(fallback?.[2]).toMatch(/^<button[^>]*type="submit"/);
  });

  it('renders the results of a search (the search page a reader without JavaScript reaches), not skeletons', async () => {
    const items = summaries(3);
    const asked: string[] = [];
    const answer = api({ '/api/articles?': items });
    const page = await render('/?search=grid%20power', {
      origin: 'https://example.test',
      fetch: ((input: string) => (asked.push(String(input)), answer(input))) as typeof fetch,
    });
    expect(asked.some((url) => url.includes('search=grid+power'))).toBe(true);
    expect(page.html).toContain('Search results for');
    for (const item of items) expect(page.html).toContain(`href="/article/${item.slug}"`);
  });

  it('preloads the top card’s image, or the fallback cover its card shows when its article has none', async () => {
    const [withImage, without] = [summary({ id: 1, slug: 'a', imageUrl: '/media/covers/a.svg' }), summary({ id: 2, slug: 'b', imageUrl: null })];
    const page = await render('/', { origin: 'https://example.test', fetch: api({ '/api/articles?': [withImage, without] }) });
    expect(page.heroImage?.href).toBe('/media/covers/a.svg');
    const fallback = await render('/', { origin: 'https://example.test', fetch: api({ '/api/articles?': [without, withImage] }) });
    expect(fallback.heroImage?.href).toBe(FALLBACK_IMAGE);
    expect(fallback.html).toContain(`src="${FALLBACK_IMAGE}"`);
  });

  it('answers with the route table’s status: 404 for unknown paths and a category page without its name', async () => {
    const fetchNothing = api({ '/api/articles?': [] });
    expect((await render('/no/such/page', { origin: 'https://example.test', fetch: fetchNothing })).status).toBe(404);
    expect((await render('/category', { origin: 'https://example.test', fetch: fetchNothing })).status).toBe(404);
    expect((await render('/category/Technology', { origin: 'https://example.test', fetch: fetchNothing })).status).toBe(200);
    expect((await render('/about', { origin: 'https://example.test', fetch: fetchNothing })).status).toBe(200);
  });

  it("answers 404 with 'Category not found' for a category the API does not know, and for a list start (?cursor=) the API refuses", async () => {
    const unknown = await render('/category/made-up', { origin: 'https://example.test', fetch: api({}) });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Category not found');
    expect(unknown.meta.index).toBe(false);
    const refused = (async () =>
      new Response('{"error":"Bad Request","details":[{"path":"cursor","message":"names no article of this list"}]}', { status: 400 })) as typeof fetch;
    const deadStart = await render('/?cursor=eyJjIjoiMjAyMCJ9', { origin: 'https://example.test', fetch: refused });
    expect(deadStart.status).toBe(404);
    expect(deadStart.meta.index).toBe(false);
  });
});
