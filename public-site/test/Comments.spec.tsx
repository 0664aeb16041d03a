import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { COMMENT_MESSAGES, type Comment } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import { CommentsSection } from '../src/features/comments/components/CommentsSection';
import { AI_REPLY_POLL_INTERVAL_MS, AI_REPLY_POLL_WINDOW_MS } from '../src/features/comments/hooks/use-comments';

const comment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 1,
  authorName: 'Ada',
  authorUrl: null,
  content: 'Grids matter.',
  createdAt: '2024-01-05T09:00:00.000Z',
  aiResponse: 'They do, and nobody budgets for them.',
  ...overrides,
});

const nameInput = () => screen.getByRole('textbox', { name: /^Name/ });
const commentInput = () => screen.getByRole('textbox', { name: /^Comment/ });
const submitButton = () => screen.getByRole('button', { name: 'Post Comment' });
const commentReads = (network: ReturnType<typeof stubFetch>) => network.calls.filter((call) => call.method === 'GET').length;

function fill(name: string, text: string) {
  fireEvent.change(nameInput(), { target: { value: name } });
  fireEvent.change(commentInput(), { target: { value: text } });
}

describe('comments', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => {
    network.restore();
    act(() => notifications.clean());
  });

  it("says 'No comments yet. Be the first to share your thoughts!' when there are none", async () => {
    network = stubFetch({ 'GET /api/articles/7/comments': () => ({ status: 200, body: [] }) });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    expect(await screen.findByText(COMMENT_MESSAGES.empty)).toBeInTheDocument();
  });

  it('lists comments newest first with the AI reply, as plain text: no HTML, links not clickable', async () => {
    const hostile = '<b>bold</b> <img src=x onerror=alert(1)> see https://spam.example.com <a href="https://spam.example.com">here</a>';
    network = stubFetch({
      'GET /api/articles/7/comments': () => ({ status: 200, body: [comment({ id: 2, authorName: 'Grace', content: hostile }), comment()] }),
    });
    renderApp(<CommentsSection articleId={7} commentCount={2} />);
    const items = await screen.findAllByTestId('comment');
    expect(items.map((item) => within(item).getByText(/Ada|Grace/).textContent)).toEqual(['Grace', 'Ada']);
    expect(within(items[0]!).getByText(hostile)).toBeInTheDocument();
    expect(items[0]!.querySelector('b, img, a')).toBeNull();
    expect(within(items[1]!).getByTestId('ai-response')).toHaveTextContent('They do, and nobody budgets for them.');
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
  });

  it("links a fediverse author's handle to their profile, not followed for ranking; a comment from the form has no link", async () => {
    network = stubFetch({
      'GET /api/articles/7/comments': () => ({
        status: 200,
        body: [comment({ id: 2, authorName: '@grace@social.example', authorUrl: 'https://social.example/@grace' }), comment()],
      }),
    });
    renderApp(<CommentsSection articleId={7} commentCount={2} />);
    const items = await screen.findAllByTestId('comment');
    const link = within(items[0]!).getByRole('link', { name: '@grace@social.example' });
    expect(link).toHaveAttribute('href', 'https://social.example/@grace');
    expect(link.getAttribute('rel')!.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'ugc', 'noopener']));
    expect(items[1]!.querySelector('a')).toBeNull();
    // Its avatar shows the name's initial, not the handle's @.
    expect(items[0]!.querySelector('.mantine-Avatar-root')).toHaveTextContent(/^G$/);
  });

  it('keeps Post Comment disabled until both name and comment are filled after trimming', async () => {
    network = stubFetch({ 'GET /api/articles/7/comments': () => ({ status: 200, body: [] }) });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    await screen.findByText(COMMENT_MESSAGES.empty);
    expect(submitButton()).toBeDisabled();
    fill('Ada', '   ');
    expect(submitButton()).toBeDisabled();
    fill('  ', 'Something to say');
    expect(submitButton()).toBeDisabled();
    fill('Ada', 'Something to say');
    expect(submitButton()).toBeEnabled();
  });

  it("answers an incomplete submit with 'Please fill in all fields' / 'Both name and comment are required.' and sends nothing", async () => {
    network = stubFetch({ 'GET /api/articles/7/comments': () => ({ status: 200, body: [] }) });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    await screen.findByText(COMMENT_MESSAGES.empty);
    fill('Ada', '  ');
    fireEvent.submit(screen.getByRole('form', { name: 'Write a comment' }));
    expect(await screen.findByText(COMMENT_MESSAGES.incompleteTitle)).toBeInTheDocument();
    expect(screen.getByText(COMMENT_MESSAGES.incomplete)).toBeInTheDocument();
    expect(network.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('disables the form while posting, then clears it, thanks the reader and refetches the list', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posted = false;
    network = stubFetch({
      'GET /api/articles/7/comments': () => ({
        status: 200,
        body: posted ? [comment({ id: 5, authorName: 'Ada', content: 'Well argued.', aiResponse: 'Thank you.' })] : [],
      }),
      'POST /api/articles/7/comments': async () => {
        await gate;
        posted = true;
        return { status: 201, body: comment({ id: 5, content: 'Well argued.', aiResponse: null }) };
      },
    });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    await screen.findByText(COMMENT_MESSAGES.empty);
    fill('  Ada ', ' Well argued. ');
    fireEvent.click(submitButton());
    await waitFor(() => expect(nameInput()).toBeDisabled());
    expect(commentInput()).toBeDisabled();
    const readsBefore = commentReads(network);
    release();
    expect(await screen.findByText(COMMENT_MESSAGES.posted.title)).toBeInTheDocument();
    expect(screen.getByText(COMMENT_MESSAGES.posted.message)).toBeInTheDocument();
    expect(network.calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/articles/7/comments',
      body: { authorName: 'Ada', content: 'Well argued.' },
    });
    await waitFor(() => expect(nameInput()).toHaveValue(''));
    expect(commentInput()).toHaveValue('');
    expect(nameInput()).toBeEnabled();
    await screen.findByText('Well argued.');
    expect(commentReads(network)).toBeGreaterThan(readsBefore);
  });

  it("shows 'Failed to post comment. Please try again.' on failure and keeps what was typed", async () => {
    network = stubFetch({
      'GET /api/articles/7/comments': () => ({ status: 200, body: [] }),
      'POST /api/articles/7/comments': () => ({ status: 500, body: { error: 'Internal Server Error', message: 'boom' } }),
    });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    await screen.findByText(COMMENT_MESSAGES.empty);
    fill('Ada', 'Well argued.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(COMMENT_MESSAGES.failed)).toBeInTheDocument();
    expect(nameInput()).toHaveValue('Ada');
    expect(commentInput()).toHaveValue('Well argued.');
    expect(commentInput()).toBeEnabled();
  });

  it("shows the server's reason when the comment is turned away as spam or too many", async () => {
    const spam = 'This comment looks like spam (too many links).';
    network = stubFetch({
      'GET /api/articles/7/comments': () => ({ status: 200, body: [] }),
      'POST /api/articles/7/comments': () => ({
        status: 400,
        body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'content', message: spam }] },
      }),
    });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    await screen.findByText(COMMENT_MESSAGES.empty);
    fill('Ada', 'http://a.example http://b.example http://c.example');
    fireEvent.click(submitButton());
    expect(await screen.findByText(spam)).toBeInTheDocument();
    // The refusal says what happened; the generic 'try again' toast would only contradict it.
    expect(screen.queryByText(COMMENT_MESSAGES.failed)).not.toBeInTheDocument();
  });

  it('says when to try again after too many comments from one address, keeping what was typed', async () => {
    const limit =
      'Comment not posted: at most 5 comments can come from one network address in 5 minutes, and that many just did. Please try again in 4 minutes.';
    network = stubFetch({
      'GET /api/articles/7/comments': () => ({ status: 200, body: [] }),
      'POST /api/articles/7/comments': () => ({ status: 429, body: { error: 'Too Many Requests', message: limit } }),
    });
    renderApp(<CommentsSection articleId={7} commentCount={0} />);
    await screen.findByText(COMMENT_MESSAGES.empty);
    fill('Ada', 'Well argued.');
    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(screen.queryByText(COMMENT_MESSAGES.failed)).not.toBeInTheDocument();
    expect(commentInput()).toHaveValue('Well argued.');
  });

  describe('the AI reply, without a reload', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('polls every 2 s while a comment waits for its reply, and shows the reply when it arrives', async () => {
      let reads = 0;
      network = stubFetch({
        'GET /api/articles/7/comments': () => {
          reads += 1;
          return { status: 200, body: [comment({ aiResponse: reads >= 3 ? 'A considered reply.' : null })] };
        },
      });
      renderApp(<CommentsSection articleId={7} commentCount={1} />);
      expect(await screen.findByTestId('ai-response-pending')).toBeInTheDocument();
      expect(reads).toBe(1);
      await act(async () => void jest.advanceTimersByTime(AI_REPLY_POLL_INTERVAL_MS));
      await waitFor(() => expect(reads).toBe(2));
      expect(screen.getByTestId('ai-response-pending')).toBeInTheDocument();
      await act(async () => void jest.advanceTimersByTime(AI_REPLY_POLL_INTERVAL_MS));
      expect(await screen.findByText('A considered reply.')).toBeInTheDocument();
      // Every comment has its reply: no more polling.
      await act(async () => void jest.advanceTimersByTime(AI_REPLY_POLL_INTERVAL_MS * 5));
      expect(reads).toBe(3);
    });

    it('stops polling after about a minute when the reply never comes', async () => {
      expect(AI_REPLY_POLL_INTERVAL_MS).toBe(2000);
      expect(AI_REPLY_POLL_WINDOW_MS).toBe(60_000);
      let reads = 0;
      network = stubFetch({
        'GET /api/articles/7/comments': () => {
          reads += 1;
          return { status: 200, body: [comment({ aiResponse: null })] };
        },
      });
      renderApp(<CommentsSection articleId={7} commentCount={1} />);
      await screen.findByTestId('ai-response-pending');
      for (let elapsed = 0; elapsed < AI_REPLY_POLL_WINDOW_MS + 10_000; elapsed += AI_REPLY_POLL_INTERVAL_MS) {
        await act(async () => void jest.advanceTimersByTime(AI_REPLY_POLL_INTERVAL_MS));
      }
      const afterWindow = reads;
      expect(afterWindow).toBeGreaterThan(20);
      expect(afterWindow).toBeLessThanOrEqual(AI_REPLY_POLL_WINDOW_MS / AI_REPLY_POLL_INTERVAL_MS + 2);
      for (let i = 0; i < 10; i += 1) await act(async () => void jest.advanceTimersByTime(AI_REPLY_POLL_INTERVAL_MS));
      expect(reads).toBe(afterWindow);
    });
  });
});
