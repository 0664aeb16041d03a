import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { CONSENT_STORAGE_KEYS, INTERACTION_MESSAGES } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import PublicApp from '../src/app/PublicApp';
import { article, summary } from './fixtures';

const CONTENT = `<p>${'Grid operators now plan around data centres rather than towns, and that changes who pays. '.repeat(3)}</p>`;
const STORY = article({ id: 7, slug: 'grids', likes: 3, shares: 1, content: CONTENT });
const PLAIN_TEXT = 'Grid operators now plan around data centres rather than towns, and that changes who pays. '.repeat(3).trim();

const likeButton = () => screen.getByRole('button', { name: /^Like/ });
const countOf = (label: RegExp) => screen.getByRole('group', { name: label });

/** The article page with the article answered by `articleAnswer`, interactions by `interactionAnswer`. */
function openArticle(interactionAnswer: () => { status: number; body?: unknown }, likesAfter = STORY.likes + 1) {
  let liked = false;
  const network = stubFetch({
    'GET /api/articles/slug/grids': () => ({ status: 200, body: liked ? { ...STORY, likes: likesAfter } : STORY }),
    'GET /api/articles/7/comments': () => ({ status: 200, body: [] }),
    'POST /api/interactions': () => {
      const answer = interactionAnswer();
      liked = answer.status === 201;
      return answer;
    },
  });
  renderApp(<PublicApp />, '/article/grids');
  return network;
}

const articleReads = (network: ReturnType<typeof stubFetch>) => network.calls.filter((call) => call.path === '/api/articles/slug/grids').length;

describe('likes and shares', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'rejected'));
  afterEach(() => {
    network.restore();
    localStorage.clear();
    // The toast store outlives each render; a leftover toast would hold the one visible place.
    act(() => notifications.clean());
  });

  it('starts unliked; a like counts one more at once, locks, records it, thanks the reader and refetches the article', async () => {
    network = openArticle(() => ({ status: 201, body: { likes: 4, shares: 1 } }));
    await screen.findByRole('heading', { level: 1, name: STORY.title });
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(countOf(/^3 likes$/)).toBeInTheDocument();
    const readsBefore = articleReads(network);

    fireEvent.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toBeDisabled();
    expect(likeButton()).toHaveTextContent('Liked');
    expect(countOf(/^4 likes$/)).toBeInTheDocument();

    expect(await screen.findByText(INTERACTION_MESSAGES.liked.title)).toBeInTheDocument();
    expect(screen.getByText(INTERACTION_MESSAGES.liked.message)).toBeInTheDocument();
    expect(network.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/interactions', body: { articleId: 7, type: 'like' } },
    ]);
    await waitFor(() => expect(articleReads(network)).toBeGreaterThan(readsBefore));
    // The refetched count already holds the like: it is not added twice.
    expect(countOf(/^4 likes$/)).toBeInTheDocument();
  });

  it('has no unlike: clicking again sends nothing more', async () => {
    network = openArticle(() => ({ status: 201, body: { likes: 4, shares: 1 } }));
    await screen.findByRole('heading', { level: 1, name: STORY.title });
    fireEvent.click(likeButton());
    fireEvent.click(likeButton());
    await screen.findByText(INTERACTION_MESSAGES.liked.title);
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the destructive 'Error' toast when the like is not recorded, and gives the count back", async () => {
    network = openArticle(() => ({ status: 500, body: { error: 'Internal Server Error', message: 'boom' } }));
    await screen.findByRole('heading', { level: 1, name: STORY.title });
    fireEvent.click(likeButton());
    expect(await screen.findByText(INTERACTION_MESSAGES.failed.message)).toBeInTheDocument();
    expect(screen.getByText(INTERACTION_MESSAGES.failed.title)).toBeInTheDocument();
    expect(screen.queryByText(INTERACTION_MESSAGES.liked.title)).toBeNull();
    await waitFor(() => expect(countOf(/^3 likes$/)).toBeInTheDocument());
  });

  it("keeps each card's like to that card, and refetches the list after a like", async () => {
    network = stubFetch({
      'GET /api/articles': () => ({
        status: 200,
        body: [summary({ id: 1, slug: 'one', title: 'One', likes: 0 }), summary({ id: 2, slug: 'two', title: 'Two', likes: 5 })],
      }),
      'GET /api/trending': () => ({ status: 200, body: [] }),
      'POST /api/interactions': () => ({ status: 201, body: { likes: 1, shares: 1 } }),
    });
    renderApp(<PublicApp />, '/');
    const [first, second] = await screen.findAllByRole('article');
    const listReads = () => network.calls.filter((call) => call.path.startsWith('/api/articles?')).length;
    const before = listReads();
    fireEvent.click(within(first!).getByRole('button', { name: /^Like/ }));
    expect(within(first!).getByRole('group', { name: '1 like' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(second!).getByRole('group', { name: '5 likes' })).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual({ articleId: 1, type: 'like' });
  });

  describe('sharing', () => {
    const originalShare = Object.getOwnPropertyDescriptor(navigator, 'share');
    const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    afterEach(() => {
      for (const [name, descriptor] of [
        ['share', originalShare],
        ['clipboard', originalClipboard],
      ] as const) {
        if (descriptor) Object.defineProperty(navigator, name, descriptor);
        else delete (navigator as unknown as Record<string, unknown>)[name];
      }
    });

    it('uses the native share sheet where there is one, with the first 100 characters of the content, and records the share', async () => {
      const share = jest.fn(async (_data: ShareData) => undefined);
      Object.defineProperty(navigator, 'share', { configurable: true, value: share });
      network = openArticle(() => ({ status: 201, body: { likes: 3, shares: 2 } }));
      await screen.findByRole('heading', { level: 1, name: STORY.title });
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(network.calls.some((call) => call.method === 'POST')).toBe(true));
      const text = PLAIN_TEXT.slice(0, 100);
      expect(text).toHaveLength(100);
      expect(share).toHaveBeenCalledWith({ title: STORY.title, text, url: 'http://localhost/article/grids' });
      expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual({ articleId: 7, type: 'share', content: text });
      expect(screen.queryByText(INTERACTION_MESSAGES.copied.title)).toBeNull();
    });

    it('records nothing when the reader closes the share sheet', async () => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: async () => Promise.reject(new DOMException('closed', 'AbortError')) });
      network = openArticle(() => ({ status: 201, body: { likes: 3, shares: 2 } }));
      await screen.findByRole('heading', { level: 1, name: STORY.title });
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(network.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it("copies the article link without native share: 'Copied!' / 'Article link copied to clipboard.'", async () => {
      delete (navigator as unknown as Record<string, unknown>).share;
      const writeText = jest.fn(async (_text: string) => undefined);
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
      network = openArticle(() => ({ status: 201, body: { likes: 3, shares: 2 } }));
      await screen.findByRole('heading', { level: 1, name: STORY.title });
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(await screen.findByText(INTERACTION_MESSAGES.copied.title)).toBeInTheDocument();
      expect(screen.getByText(INTERACTION_MESSAGES.copied.message)).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith('http://localhost/article/grids');
      await waitFor(() => expect(network.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ articleId: 7, type: 'share' }));
    });

    it('shares a card with the first 100 characters of its excerpt', async () => {
      const share = jest.fn(async (_data: ShareData) => undefined);
      Object.defineProperty(navigator, 'share', { configurable: true, value: share });
      const excerpt = `${'An excerpt that runs on well past one hundred characters, '.repeat(3)}...`;
      network = stubFetch({
        'GET /api/articles': () => ({ status: 200, body: [summary({ id: 3, slug: 'three', title: 'Three', excerpt })] }),
        'GET /api/trending': () => ({ status: 200, body: [] }),
        'POST /api/interactions': () => ({ status: 201, body: { likes: 1, shares: 1 } }),
      });
      renderApp(<PublicApp />, '/');
      const [card] = await screen.findAllByRole('article');
      fireEvent.click(within(card!).getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Three', text: excerpt.slice(0, 100), url: 'http://localhost/article/three' }));
    });
  });
});
