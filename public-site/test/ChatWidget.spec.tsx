import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import { ChatWidget } from '../src/features/chat/components/ChatWidget';
import { CHAT_AI_DISCLOSURE } from '@ai-mind/contracts/web';
import { CHAT_COPY } from '../src/features/chat/chat-copy';

const ARTICLE = { id: 42, title: 'Data Centres Are Rewriting the Power Grid' };

function openWidget(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  act(() => jest.advanceTimersByTime(500));
}

const bubbles = () => [...document.querySelectorAll('[data-sender]')].map((el) => `${el.getAttribute('data-sender')}: ${el.textContent}`);

describe('chat widget', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    network.restore();
    jest.useRealTimers();
  });

  it('opens from the round button titled for the home page and greets after 500 ms', () => {
    network = stubFetch({});
    renderApp(<ChatWidget />);
    fireEvent.click(screen.getByRole('button', { name: CHAT_COPY.homeTitle }));
    expect(screen.getByRole('dialog', { name: CHAT_COPY.homeTitle })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(499));
    expect(bubbles()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(bubbles()).toEqual([`ai: ${CHAT_COPY.homeGreeting}`]);
  });

  it('says it is an AI, not a person, as soon as the panel opens (its description for screen readers) and in the greeting', () => {
    network = stubFetch({});
    renderApp(<ChatWidget />);
    fireEvent.click(screen.getByRole('button', { name: CHAT_COPY.homeTitle }));
    // Before the greeting and before anything is sent.
    expect(bubbles()).toEqual([]);
    const dialog = screen.getByRole('dialog', { name: CHAT_COPY.homeTitle });
    expect(dialog).toHaveAccessibleDescription(CHAT_AI_DISCLOSURE);
    expect(screen.getByTestId('chat-ai-disclosure')).toBeVisible();
    act(() => jest.advanceTimersByTime(500));
    expect(bubbles()[0]).toContain('an AI and not a person');
  });

  it("lists an answer's sources as the article does, numbered as its markers, each title linking to the source", async () => {
    const sources = [
      { number: 2, outlet: 'Power Wire', title: 'Regulator sets a date', link: 'https://wire.example/regulator' },
      { number: 3, outlet: 'Grid Notes', title: 'Queues, explained', link: null },
    ];
    network = stubFetch({
      'POST /api/chat': () => ({ status: 200, body: { response: 'Reforms come in March [2].', sources, disclosure: CHAT_AI_DISCLOSURE } }),
    });
    renderApp(<ChatWidget article={ARTICLE} />);
    openWidget('Discuss: Data Centres Are Rewriting the');
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'When are the reforms?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('chat-answer-sources')).toBeInTheDocument());
    const items = [...screen.getByTestId('chat-answer-sources').querySelectorAll('li')];
    expect(items.map((item) => [item.getAttribute('value'), item.textContent])).toEqual([
      ['2', 'Power Wire: Regulator sets a date'],
      ['3', 'Grid Notes: Queues, explained'],
    ]);
    expect(screen.getByRole('link', { name: 'Regulator sets a date' })).toHaveAttribute('href', 'https://wire.example/regulator');
    expect(screen.queryByRole('link', { name: 'Queues, explained' })).toBeNull();
  });

  it("is titled 'Discuss: ' with the first 30 characters of the article title and greets about it", () => {
    network = stubFetch({});
    renderApp(<ChatWidget article={ARTICLE} />);
    openWidget('Discuss: Data Centres Are Rewriting the');
    expect(screen.getByRole('heading', { name: 'Discuss: Data Centres Are Rewriting the' })).toBeInTheDocument();
    expect(bubbles()).toEqual([`ai: ${CHAT_COPY.articleGreeting(ARTICLE.title)}`]);
  });

  it('closes with ×', () => {
    network = stubFetch({});
    renderApp(<ChatWidget />);
    openWidget(CHAT_COPY.homeTitle);
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a quick prompt after 100 ms, with the session and article, and hides the prompts once talking', async () => {
    network = stubFetch({ 'POST /api/chat': () => ({ status: 200, body: { response: 'It says grids are slow.' } }) });
    renderApp(<ChatWidget article={ARTICLE} />);
    openWidget('Discuss: Data Centres Are Rewriting the');
    fireEvent.click(screen.getByRole('button', { name: 'Summarize this article' }));
    expect(network.calls).toEqual([]);
    act(() => jest.advanceTimersByTime(100));
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(network.calls[0]!.body).toMatchObject({ message: 'Summarize this article', articleId: 42, sessionId: expect.stringMatching(/^[a-f0-9]{32}$/) });
    expect(bubbles().slice(1)).toEqual(['user: Summarize this article', 'ai: It says grids are slow.']);
    expect(screen.queryByRole('button', { name: "What's the key takeaway?" })).toBeNull();
  });

  it('sends on Enter but not on Shift+Enter, ignores blank messages, and disables Send while empty or waiting', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    network = stubFetch({ 'POST /api/chat': () => new Promise((resolve) => (answer = resolve)) });
    renderApp(<ChatWidget />);
    openWidget(CHAT_COPY.homeTitle);
    const box = screen.getByRole('textbox', { name: 'Message' });
    const sendButton = screen.getByRole('button', { name: 'Send' });
    expect(sendButton).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(network.calls).toEqual([]);
    fireEvent.change(box, { target: { value: 'Why are humans like this?' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(network.calls).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(screen.getByTestId('typing-indicator')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'And another thing' } });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await act(async () => answer({ status: 200, body: { response: 'Habit.' } }));
    await waitFor(() => expect(screen.queryByTestId('typing-indicator')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("offers 'Summarize Our Discussion' only on an article with more than 3 messages", async () => {
    network = stubFetch({
      'POST /api/chat': () => ({ status: 200, body: { response: 'Answer.' } }),
      'POST /api/chat/summary': () => ({ status: 200, body: { response: 'Our discussion in brief.' } }),
    });
    renderApp(<ChatWidget article={ARTICLE} />);
    openWidget('Discuss: Data Centres Are Rewriting the');
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'First question' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: CHAT_COPY.summarize })).toBeNull();
    fireEvent.change(box, { target: { value: 'Second question' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bubbles()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: CHAT_COPY.summarize }));
    await waitFor(() => expect(bubbles().at(-1)).toBe('ai: Our discussion in brief.'));
    const sessionIds = new Set(network.calls.map((call) => (call.body as { sessionId: string }).sessionId));
    expect(sessionIds.size).toBe(1);
    expect(network.calls.at(-1)).toMatchObject({ path: '/api/chat/summary', body: { articleId: 42 } });
  });

  it('never offers the summary on the home page', async () => {
    network = stubFetch({ 'POST /api/chat': () => ({ status: 200, body: { response: 'Answer.' } }) });
    renderApp(<ChatWidget />);
    openWidget(CHAT_COPY.homeTitle);
    const box = screen.getByRole('textbox', { name: 'Message' });
    for (const text of ['one', 'two']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(screen.queryByTestId('typing-indicator')).toBeNull());
    }
    expect(bubbles()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: CHAT_COPY.summarize })).toBeNull();
  });

  it('answers a failed reply with the existential crisis, and a network failure with tangled circuits', async () => {
    let fail: 'status' | 'network' = 'status';
    network = stubFetch({
      'POST /api/chat': () => {
        if (fail === 'network') throw new TypeError('Failed to fetch');
        return { status: 503, body: { error: 'Service Unavailable', message: 'x' } };
      },
    });
    const consoleError = console.error;
    console.error = () => undefined;
    try {
      renderApp(<ChatWidget />);
      openWidget(CHAT_COPY.homeTitle);
      const box = screen.getByRole('textbox', { name: 'Message' });
      fireEvent.change(box, { target: { value: 'hello' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(bubbles().at(-1)).toBe(`ai: ${CHAT_COPY.existentialCrisis}`));
      fail = 'network';
      fireEvent.change(box, { target: { value: 'hello again' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(bubbles().at(-1)).toBe(`ai: ${CHAT_COPY.tangledCircuits}`));
    } finally {
      console.error = consoleError;
    }
  });
});
