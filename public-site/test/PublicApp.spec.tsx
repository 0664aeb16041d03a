import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COMMENT_MESSAGES, CONSENT_STORAGE_KEYS, NEXT_CURSOR_HEADER } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import PublicApp, { preloadPage } from '../src/app/PublicApp';
import { article, summaries, summary } from './fixtures';

/** The article's comments: none yet. */
const noComments = (articleId: number) => ({ [`GET /api/articles/${articleId}/comments`]: () => ({ status: 200, body: [] }) });

describe('public site pages', () => {
  let network: ReturnType<typeof stubFetch>;
  // The shell and the standalone boot render once the opening page's code is in (preloadPage).
  beforeAll(() => Promise.all(['/', '/article/any', '/category'].map(preloadPage)));
  // A visitor who has already made a cookie choice: no banner, country lookup or page views here (Engagement.spec covers those).
  beforeEach(() => localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'rejected'));
  afterEach(() => {
    network.restore();
    localStorage.clear();
  });

  it('lists published articles on the home page as cards, with an ad slot after every third', async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: summaries(7) }), 'GET /api/trending': () => ({ status: 200, body: [] }) });

    const { container } = renderApp(<PublicApp />, '/');

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(7);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Story number 1' })).toHaveAttribute('href', '/article/story-1');
    expect(first.getByText('Jan 5, 2024')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', '/article/story-1');
    // Feed children in order: cards and in-feed ads; an ad follows cards 3 and 6, none after 7.
    const grid = cards[0]!.parentElement!;
    const sequence = [...grid.children].map((el) => (el.getAttribute('data-placement') === 'in-feed' ? 'ad' : 'card'));
    expect(sequence).toEqual(['card', 'card', 'card', 'ad', 'card', 'card', 'card', 'ad', 'card']);
    expect(network.calls.find((c) => c.path.startsWith('/api/articles'))).toMatchObject({ method: 'GET', path: '/api/articles?approved=true' });
    expect(container.querySelectorAll('[data-placement="sidebar-left"], [data-placement="sidebar-right"]')).toHaveLength(2);
  });

  it('shows skeleton loaders while the list loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    network = stubFetch({
      'GET /api/articles': async () => {
        await gate;
        return { status: 200, body: summaries(1) };
      },
      'GET /api/trending': () => ({ status: 200, body: [] }),
    });
    renderApp(<PublicApp />, '/');
    expect(screen.getByTestId('article-skeletons')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'Story number 1' })).toBeInTheDocument();
    expect(screen.queryByTestId('article-skeletons')).not.toBeInTheDocument();
  });

  it('loads more articles on demand with the cursor from the previous page', async () => {
    network = stubFetch({
      'GET /api/articles': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: [summary({ id: 99, slug: 'older', title: 'An older story' })] }
          : { status: 200, body: summaries(3), headers: { [NEXT_CURSOR_HEADER]: 'page-2' } },
      'GET /api/trending': () => ({ status: 200, body: [] }),
    });
    renderApp(<PublicApp />, '/');
    fireEvent.click(await screen.findByRole('link', { name: 'Load more articles' }));
    expect(await screen.findByRole('link', { name: 'An older story' })).toBeInTheDocument();
    expect(network.calls.map((c) => c.path)).toContain('/api/articles?approved=true&cursor=page-2');
    expect(screen.queryByRole('link', { name: 'Load more articles' })).not.toBeInTheDocument();
  });

  it('searches server-side for ?search= and says so when nothing matches', async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: [] }), 'GET /api/trending': () => ({ status: 200, body: [] }) });
    renderApp(<PublicApp />, '/?search=%20grid%20%26%20power%20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “grid & power”' })).toBeInTheDocument();
    expect(await screen.findByText('No articles match "grid & power". Try fewer or different words.')).toBeInTheDocument();
    expect(network.calls.map((c) => c.path)).toContain('/api/articles?approved=true&search=grid+%26+power');
  });

  it('shows the failure instead of an empty page when the list cannot load', async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 500, body: { error: 'Internal Server Error', message: 'boom' } }) });
    renderApp(<PublicApp />, '/');
    expect(await screen.findByText('Failed to fetch articles')).toBeInTheDocument();
  });

  it('asks for one category, shows its count badge, and says so when it is empty', async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: [] }) });
    renderApp(<PublicApp />, '/category/Global%20Events');
    expect(await screen.findByText('No articles found in this category yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Global Events' })).toBeInTheDocument();
    expect(screen.getByTestId('category-count')).toHaveTextContent('0');
    expect(network.calls[0]!.path).toBe('/api/articles?approved=true&category=Global+Events');
  });

  it("names a footer category page by its name, not its slug ('AI Insights', not 'ai-insights')", async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: [] }) });
    renderApp(<PublicApp />, '/category/ai-insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Insights' })).toBeInTheDocument();
  });

  it('counts a category page’s articles, with + while more pages exist', async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: summaries(2, 'Economics'), headers: { [NEXT_CURSOR_HEADER]: 'more' } }) });
    renderApp(<PublicApp />, '/category/economics');
    await screen.findAllByRole('article');
    expect(screen.getByTestId('category-count')).toHaveTextContent('2+');
  });

  it("says 'Category not found' for a category the API does not know (404)", async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 404, body: { error: 'Not Found', message: "Category 'made-up' not found" } }) });
    renderApp(<PublicApp />, '/category/made-up');
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('category-count')).not.toBeInTheDocument();
  });

  it("says 'Category not found' without a category", () => {
    network = stubFetch({});
    renderApp(<PublicApp />, '/category');
    expect(screen.getByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(network.calls).toEqual([]);
  });

  it('renders an article from a deep link: badge, long date, the body as the API gives it, source, back link, comments slot', async () => {
    // The API's body is ready to show (unescaped and sanitized there: backend/test/articles.spec.ts).
    const story = article({ sourceUrl: 'https://www.iea.org/', content: '<h2>Heading</h2><p>Escaped <strong>bold</strong> body</p>' });
    network = stubFetch({ [`GET /api/articles/slug/${story.slug}`]: () => ({ status: 200, body: story }), ...noComments(story.id) });
    renderApp(<PublicApp />, `/technology/article/${story.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: story.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Heading' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('January 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('Technology', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Original Source' })).toHaveAttribute('href', 'https://www.iea.org/');
    expect(screen.getByRole('link', { name: /Back to Articles/ })).toHaveAttribute('href', '/');
    const comments = screen.getByTestId('comments-section');
    const slot = within(comments).getByRole('complementary', { name: 'Advertisement' });
    expect(slot).toHaveStyle({ width: '728px', height: '90px' });
    expect(await within(comments).findByText(COMMENT_MESSAGES.empty)).toBeInTheDocument();
    expect(within(comments).getByRole('form', { name: 'Write a comment' })).toBeInTheDocument();
  });

  it('has no Original Source link without a sourceUrl', async () => {
    const story = article();
    network = stubFetch({ [`GET /api/articles/slug/${story.slug}`]: () => ({ status: 200, body: story }), ...noComments(story.id) });
    renderApp(<PublicApp />, `/article/${story.slug}`);
    await screen.findByRole('heading', { level: 1, name: story.title });
    expect(screen.queryByRole('link', { name: 'Original Source' })).not.toBeInTheDocument();
  });

  it('shows the AI commentary as a note of the page, never an alert announced on every load', async () => {
    const story = article({ aiCommentary: 'Humans built a cloud and forgot it needs a plug.' });
    network = stubFetch({ [`GET /api/articles/slug/${story.slug}`]: () => ({ status: 200, body: story }), ...noComments(story.id) });
    renderApp(<PublicApp />, `/article/${story.slug}`);
    await screen.findByRole('heading', { level: 1, name: story.title });
    expect(screen.getByRole('note')).toHaveTextContent(story.aiCommentary!);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Article Not Found for an unknown slug', async () => {
    network = stubFetch({});
    renderApp(<PublicApp />, '/article/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 page for any other path, at once when its code was preloaded', async () => {
    network = stubFetch({});
    await preloadPage('/no/such/page');
    renderApp(<PublicApp />, '/no/such/page');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it.each([
    ['/about', 'About The AI Mind', /How the site works/],
    ['/inspiring', "Humanity's Finest Hours", /Smallpox Declared Eradicated/],
    ['/contact', 'Contact The AI Mind', /Send Message/],
    ['/privacy', 'Privacy Policy', /What we collect/],
    ['/terms', 'Terms of Use', /AI-written content/],
  ])('renders the static page %s', async (path, heading, body) => {
    network = stubFetch({});
    await preloadPage(path);
    renderApp(<PublicApp />, path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByText(body).length).toBeGreaterThan(0);
    expect(document.title).toBe(`${heading} | The AI Mind`);
  });

  it('shows six good-news cards with every field on /inspiring', () => {
    network = stubFetch({});
    renderApp(<PublicApp />, '/inspiring');
    const cards = screen.getAllByTestId('good-news-card');
    expect(cards).toHaveLength(6);
    const first = within(cards[0]!);
    expect(first.getByText('Health')).toBeInTheDocument();
    expect(first.getByText('May 8, 1980')).toBeInTheDocument();
    expect(first.getByText(/^Impact:/)).toBeInTheDocument();
    expect(first.getByText(/AI thoughts:/)).toBeInTheDocument();
  });

  it('has a contact form shell with name, email, subject and a four-line message', () => {
    network = stubFetch({});
    renderApp(<PublicApp />, '/contact');
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(within(form).getByLabelText(/Name/)).toBeRequired();
    expect(within(form).getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText(/Subject/)).toBeRequired();
    expect(within(form).getByLabelText(/Message/)).toHaveAttribute('rows', '4');
  });

  it('sets the article page title, description, canonical URL and news-article JSON-LD in the document', async () => {
    const story = article({ category: 'Global Events' });
    network = stubFetch({ [`GET /api/articles/slug/${story.slug}`]: () => ({ status: 200, body: story }), ...noComments(story.id) });
    renderApp(<PublicApp />, `/article/${story.slug}`);
    await screen.findByRole('heading', { level: 1, name: story.title });
    await waitFor(() => expect(document.title).toBe(`${story.title} | The AI Mind`));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `http://localhost/global-events/article/${story.slug}`);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Power Data centres want electricity\..*\.\.\.$/);
    expect(document.head.querySelector('meta[name="keywords"]')).toHaveAttribute('content', 'grids, bottleneck');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd['@type']).toBe('AnalysisNewsArticle');
    expect(jsonLd.publisher).toMatchObject({ '@type': 'NewsMediaOrganization', masthead: 'http://localhost/about/masthead' });
  });

  it('puts WebSite JSON-LD with a search action on the home page', async () => {
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: [] }), 'GET /api/trending': () => ({ status: 200, body: [] }) });
    renderApp(<PublicApp />, '/');
    await waitFor(() => expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull());
    const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
    const blocks = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!));
    expect(blocks[1]).toMatchObject({ '@type': 'NewsMediaOrganization', publishingPrinciples: 'http://localhost/about/publishing-principles' });
  });
});
