import { render, screen, waitFor } from '@testing-library/react';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { articleKeys, CONSENT_STORAGE_KEYS, PAGE_DATA_ELEMENT_ID, type PageData } from '@ai-mind/contracts';
import { stubFetch } from '@ai-mind/ui/testing';
import PublicRoot, { preloadPage } from '../src/app/PublicRoot';
import { article, summaries } from './fixtures';

/** The queries a server render fetched, dehydrated as server.tsx writes them. */
function rendered(fill: (client: QueryClient) => void): PageData {
  const client = new QueryClient();
  fill(client);
  return { queries: JSON.parse(JSON.stringify(dehydrate(client))) };
}

/** The JSON data block the server writes into the page's HTML. */
function embed(data: PageData): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.head.append(element);
}

describe('the data a server render embeds in the page', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'rejected'));
  afterEach(() => {
    network.restore();
    document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
    localStorage.clear();
    window.history.pushState({}, '', '/');
  });

  it('renders the home page’s articles from the HTML, asking the API for the next page only', async () => {
    const items = summaries(3);
    embed(
      rendered((client) =>
        client.setQueryData(articleKeys.list({ category: undefined, search: undefined }), { pages: [{ items, nextCursor: 'next-1' }], pageParams: [null] }),
      ),
    );
    network = stubFetch({ 'GET /api/trending': () => ({ status: 200, body: [] }) });
    await preloadPage('/');
    render(<PublicRoot />);
    expect(screen.getByRole('link', { name: items[0]!.title })).toBeInTheDocument();
    expect(screen.queryByTestId('article-skeletons')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Load more articles' })).toHaveAttribute('href', '?cursor=next-1');
    expect(network.calls.filter((call) => call.path.startsWith('/api/articles'))).toEqual([]);
  });

  it('renders an article page from the HTML at once, then asks once for its counts of now', async () => {
    const story = article();
    embed(rendered((client) => client.setQueryData(articleKeys.bySlug(story.slug), story)));
    window.history.pushState({}, '', `/article/${story.slug}`);
    network = stubFetch({
      [`GET /api/articles/${story.id}/comments`]: () => ({ status: 200, body: [] }),
      [`GET /api/articles/slug/${story.slug}`]: () => ({ status: 200, body: { ...story, likes: story.likes + 5 } }),
    });
    await preloadPage(`/article/${story.slug}`);
    render(<PublicRoot />);
    // Shown from the page's own data, before any answer could have arrived.
    expect(screen.getByRole('heading', { level: 1, name: story.title })).toBeInTheDocument();
    await waitFor(() => expect(network.calls.filter((call) => call.path.startsWith('/api/articles/slug'))).toHaveLength(1));
  });

  it('fetches as usual when the page carries no data', async () => {
    const items = summaries(2);
    network = stubFetch({ 'GET /api/articles': () => ({ status: 200, body: items }), 'GET /api/trending': () => ({ status: 200, body: [] }) });
    render(<PublicRoot />);
    expect(await screen.findByRole('link', { name: items[1]!.title })).toBeInTheDocument();
    expect(network.calls.some((call) => call.path.startsWith('/api/articles?'))).toBe(true);
  });
});
