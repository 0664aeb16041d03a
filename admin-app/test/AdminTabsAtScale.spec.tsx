import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminComment,
  type AdminContactSubmission,
  type ApprovedTopic,
  type AuditLogEntry,
} from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { WAITING_POLL_MS } from '../src/features/workflow/api/workflow-api';
import { articleRoutes } from './support/article-routes';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

/** Shows where the panel's router is, as a reload would see it. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;
const renderAt = (path: string) =>
  renderApp(
    <>
      <AdminApp />
      <Where />
    </>,
    path,
  );

const comment = (overrides: Partial<AdminComment>): AdminComment => ({
  id: 1,
  articleId: 7,
  articleTitle: 'Rates hold',
  articleSlug: 'rates-hold',
  authorName: 'Reader',
  content: 'A fair point.',
  aiResponse: null,
  spam: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const message = (overrides: Partial<AdminContactSubmission>): AdminContactSubmission => ({
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Hello',
  message: 'A question.',
  submittedAt: '2026-11-20T10:00:00.000Z',
  handled: false,
  ...overrides,
});

describe('the admin panel at scale', () => {
  let network: ReturnType<typeof stubFetch>;
  const { alerts, confirms } = useBrowserDialogs();
  afterEach(() => network.restore());

  describe('deep links', () => {
    it('opens the tab, filters and search of the URL, and puts each change in the URL', async () => {
      const articles = [articleFixture({ id: 1, title: 'Old zeppelin story', approved: false, isApproved: false })];
      network = stubFetch({ ...SIGNED_IN, ...articleRoutes(() => articles) });
      renderAt('/admin/articles?status=draft&q=zeppelin');
      expect(await screen.findByText('Old zeppelin story')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Article Management' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('textbox', { name: 'Search articles' })).toHaveValue('zeppelin');
      expect(network.calls.find((c) => c.path.startsWith('/api/admin/articles?'))!.path).toBe('/api/admin/articles?search=zeppelin&status=draft');
      expect(screen.getByTestId('count-drafts')).toHaveTextContent('1 drafts');

      fireEvent.change(screen.getByRole('textbox', { name: 'Search articles' }), { target: { value: 'airship' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(where()).toBe('/admin/articles?status=draft&q=airship'));
      await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/articles?search=airship&status=draft')).toBe(true));

      fireEvent.click(screen.getByRole('tab', { name: 'Comments' }));
      await waitFor(() => expect(where()).toBe('/admin/comments'));
    });

    it('opens the editor on /admin/articles/:id, loading only that article, and goes back to the list with its filters', async () => {
      const articles = [articleFixture({ id: 3, title: 'Deep linked', content: '<p>Full body</p>' })];
      network = stubFetch({ ...SIGNED_IN, ...articleRoutes(() => articles) });
      renderAt('/admin/articles/3?category=Technology');
      expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Deep linked');
      expect(network.calls.map((c) => c.path)).toContain('/api/admin/articles/3');
      expect(network.calls.some((c) => c.path.startsWith('/api/admin/articles?'))).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(where()).toBe('/admin/articles?category=Technology'));
      expect(await screen.findByText('Deep linked')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      await waitFor(() => expect(where()).toBe('/admin/articles/3?category=Technology'));
    });

    it('works the same deployed alone, at the origin root', async () => {
      network = stubFetch({ ...SIGNED_IN, 'GET /api/admin/contact-submissions': () => ({ status: 200, body: [message({})] }) });
      renderAt('/contact?handled=false');
      expect(await screen.findByText('Hello')).toBeInTheDocument();
      expect(network.calls.find((c) => c.path.startsWith('/api/admin/contact-submissions'))!.path).toBe('/api/admin/contact-submissions?handled=false');
      fireEvent.click(screen.getByRole('tab', { name: 'Audit' }));
      await waitFor(() => expect(where()).toBe('/audit'));
    });

    it('says when an article of a deep link does not exist', async () => {
      network = stubFetch({ ...SIGNED_IN, ...articleRoutes(() => []) });
      renderAt('/admin/articles/4');
      expect(await screen.findByRole('alert')).toHaveTextContent('Article 4 does not exist (any more).');
    });
  });

  describe('Article Management', () => {
    it('shows the server’s counts, filters by status, and loads the next page by cursor', async () => {
      network = stubFetch({
        ...SIGNED_IN,
        'GET /api/admin/articles': ({ url }): { status: number; body: unknown; headers: Record<string, string> } =>
          url.searchParams.get('cursor') === 'page2'
            ? {
                status: 200,
                body: [{ ...articleFixture({ id: 2, title: 'Second page' }), excerpt: '', version: 1 }],
                headers: { 'x-published-count': '60000', 'x-draft-count': '40000' },
              }
            : {
                status: 200,
                body: [{ ...articleFixture({ id: 1, title: 'First page' }), excerpt: '', version: 1 }],
                headers: { [NEXT_CURSOR_HEADER]: 'page2', [TOTAL_COUNT_HEADER]: '100000', 'x-published-count': '60000', 'x-draft-count': '40000' },
              },
      });
      renderAt('/admin/articles');
      expect(await screen.findByTestId('count-all')).toHaveTextContent('100,000 in all');
      expect(screen.getByTestId('count-published')).toHaveTextContent('60,000 published');
      expect(screen.getByTestId('count-drafts')).toHaveTextContent('40,000 drafts');
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('Second page')).toBeInTheDocument();
      expect(screen.getByText('First page')).toBeInTheDocument();
      expect(network.calls.map((c) => c.path)).toContain('/api/admin/articles?cursor=page2');
      fireEvent.click(screen.getByText('Drafts'));
      await waitFor(() => expect(where()).toBe('/admin/articles?status=draft'));
    });
  });

  describe('Comments', () => {
    it('lists comments across articles, searches, filters by article, and deletes one after confirming', async () => {
      let comments = [
        comment({ id: 1, authorName: 'Spammer', content: 'Buy pills now' }),
        comment({ id: 2, articleId: 8, articleTitle: 'Chips', content: 'Nice' }),
      ];
      network = stubFetch({
        ...SIGNED_IN,
        'GET /api/admin/comments': () => ({ status: 200, body: comments, headers: { [TOTAL_COUNT_HEADER]: String(comments.length) } }),
        'POST /api/admin/comments/delete': ({ body }) => {
          const ids = (body as { ids: number[] }).ids;
          comments = comments.filter((c) => !ids.includes(c.id));
          return { status: 200, body: { message: `Deleted ${ids.length} comment.`, count: ids.length } };
        },
      });
      renderAt('/admin/comments');
      expect(await screen.findByText('Buy pills now')).toBeInTheDocument();
      expect(screen.getByTestId('comment-count')).toHaveTextContent('2');
      const spam = screen.getAllByTestId('admin-comment')[0]!;
      fireEvent.click(within(spam).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('Buy pills now')).toBeNull());
      expect(confirms).toEqual(['Delete this comment and its AI reply permanently?']);
      expect(network.calls.find((c) => c.path === '/api/admin/comments/delete')!.body).toEqual({ ids: [1] });

      fireEvent.change(screen.getByRole('textbox', { name: 'Search comments' }), { target: { value: 'nice' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/comments?search=nice')).toBe(true));
      fireEvent.click(await screen.findByText('Chips'));
      await waitFor(() => expect(where()).toBe('/admin/comments?q=nice&article=8'));
      await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/comments?articleId=8&search=nice')).toBe(true));
    });

    it('marks several as spam at once, without asking', async () => {
      network = stubFetch({
        ...SIGNED_IN,
        'GET /api/admin/comments': () => ({ status: 200, body: [comment({ id: 1 }), comment({ id: 2, authorName: 'Other' })] }),
        'POST /api/admin/comments/spam': () => ({ status: 200, body: { message: 'Marked 2 comments as spam.', count: 2 } }),
      });
      renderAt('/admin/comments');
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the comment of Reader' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select the comment of Other' }));
      fireEvent.click(screen.getByRole('button', { name: 'Mark selected as spam (2)' }));
      await waitFor(() => expect(network.calls.find((c) => c.path === '/api/admin/comments/spam')?.body).toEqual({ ids: [1, 2], spam: true }));
      expect(confirms).toEqual([]);
    });
  });

  describe('Contact Messages', () => {
    it('marks handled and deletes several after confirming', async () => {
      network = stubFetch({
        ...SIGNED_IN,
        'GET /api/admin/contact-submissions': () => ({
          status: 200,
          body: [message({ id: 1 }), message({ id: 2, name: 'Bob', subject: 'Offer' })],
          headers: { [TOTAL_COUNT_HEADER]: '6500' },
        }),
        'POST /api/admin/contact-submissions/handled': () => ({ status: 200, body: { message: 'Marked 1 message as handled.', count: 1 } }),
        'POST /api/admin/contact-submissions/delete': () => ({ status: 200, body: { message: 'Deleted 2 messages.', count: 2 } }),
      });
      renderAt('/admin/contact');
      expect(await screen.findByTestId('contact-count')).toHaveTextContent('6,500');
      fireEvent.click(within(screen.getAllByTestId('contact-message')[0]!).getByRole('button', { name: 'Handled' }));
      await waitFor(() => expect(network.calls.find((c) => c.path === '/api/admin/contact-submissions/handled')?.body).toEqual({ ids: [1], handled: true }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select the message from Ada' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select the message from Bob' }));
      fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
      await waitFor(() => expect(network.calls.find((c) => c.path === '/api/admin/contact-submissions/delete')?.body).toEqual({ ids: [1, 2] }));
      expect(confirms).toEqual(['Delete these 2 messages permanently?']);
      expect(alerts).toEqual([]);
    });
  });

  describe('Audit', () => {
    it('lists who did what, when and with which result, filtered by user, action and dates from the URL', async () => {
      const entry: AuditLogEntry = {
        id: 1,
        actor: 'alice',
        action: 'POST /api/admin/comments/delete',
        path: '/api/admin/comments/delete',
        targetId: '4,5',
        status: 200,
        createdAt: '2026-11-24T10:00:00.000Z',
      };
      network = stubFetch({ ...SIGNED_IN, 'GET /api/admin/audit-log': () => ({ status: 200, body: [entry], headers: { [TOTAL_COUNT_HEADER]: '1' } }) });
      renderAt('/admin/audit?actor=alice');
      const row = await screen.findByTestId('audit-entry');
      expect(row).toHaveTextContent('alice');
      expect(row).toHaveTextContent('POST /api/admin/comments/delete');
      expect(row).toHaveTextContent('4,5');
      expect(row).toHaveTextContent('200');
      fireEvent.change(screen.getByLabelText('Action contains'), { target: { value: 'delete' } });
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
      await waitFor(() => expect(where()).toBe('/admin/audit?actor=alice&action=delete&from=2026-11-01'));
      await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/audit-log?actor=alice&action=delete&from=2026-11-01')).toBe(true));
    });

    it('shows how many calls were refused without a session, for the filter’s dates', async () => {
      network = stubFetch({
        ...SIGNED_IN,
        'GET /api/admin/audit-log': () => ({ status: 200, body: [], headers: { [TOTAL_COUNT_HEADER]: '0' } }),
        'GET /api/admin/audit-log/refusals': () => ({
          status: 200,
          body: { total: 1500, routes: [{ action: 'GET /api/admin/articles', status: 401, count: 1500 }] },
        }),
      });
      renderAt('/admin/audit?from=2026-11-01&actor=alice');
      expect(await screen.findByTestId('audit-refusals')).toHaveTextContent(
        '1,500 admin calls refused without a session in these dates (counted, with a few samples in the log): GET /api/admin/articles 401 ×1,500',
      );
      expect(network.calls.map((c) => c.path)).toContain('/api/admin/audit-log/refusals?from=2026-11-01');
    });

    it('links the queue dashboard', async () => {
      network = stubFetch({ ...SIGNED_IN });
      renderAt('/admin/audit');
      expect(await screen.findByRole('link', { name: 'Queue dashboard' })).toHaveAttribute('href', '/api/admin/queues');
    });
  });

  describe('live updates', () => {
    it('asks again while a topic waits for its blog, shows the blog when it arrives with a toast, then stops asking', async () => {
      const waiting: ApprovedTopic = {
        id: 1,
        topic: 'Grid upgrades',
        category: 'Technology',
        status: 'sent_to_automation',
        approvedAt: new Date().toISOString(),
        blog: null,
      };
      let topic = waiting;
      network = stubFetch({ ...SIGNED_IN, 'GET /api/admin/approved-topics': () => ({ status: 200, body: [topic] }) });
      renderAt('/admin/workflow');
      expect(await screen.findByText('sent to automation')).toBeInTheDocument();
      topic = { ...waiting, status: 'blog_received', blog: articleFixture({ id: 5, title: 'The grid, upgraded', approved: false, isApproved: false }) };
      expect(await screen.findByText('blog received', {}, { timeout: WAITING_POLL_MS + 3000 })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'The grid, upgraded' })).toBeInTheDocument();
      expect(await screen.findByText('"The grid, upgraded" is ready for review (topic: Grid upgrades).')).toBeInTheDocument();
      const asked = network.calls.filter((c) => c.path === '/api/admin/approved-topics').length;
      await act(() => new Promise((resolve) => setTimeout(resolve, WAITING_POLL_MS + 500)));
      expect(network.calls.filter((c) => c.path === '/api/admin/approved-topics')).toHaveLength(asked);
    }, 20_000);

    it('does not keep asking about a topic stuck for over an hour, and says when the list shows only the newest topics', async () => {
      const stuck: ApprovedTopic = {
        id: 2,
        topic: 'Never answered',
        category: 'Culture',
        status: 'sent_to_automation',
        approvedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        blog: null,
      };
      network = stubFetch({ ...SIGNED_IN, 'GET /api/admin/approved-topics': () => ({ status: 200, body: [stuck], headers: { [TOTAL_COUNT_HEADER]: '250' } }) });
      renderAt('/admin/workflow');
      expect(await screen.findByTestId('approved-topics-shown')).toHaveTextContent('The newest 1 of 250 approved topics.');
      const asked = network.calls.filter((c) => c.path === '/api/admin/approved-topics').length;
      await act(() => new Promise((resolve) => setTimeout(resolve, WAITING_POLL_MS + 500)));
      expect(network.calls.filter((c) => c.path === '/api/admin/approved-topics')).toHaveLength(asked);
    }, 20_000);
  });
});

describe('live events', () => {
  let network: ReturnType<typeof stubFetch>;
  const sources: FakeEventSource[] = [];
  class FakeEventSource {
    readonly listeners = new Map<string, () => void>();
    closed = false;
    constructor(
      readonly url: string,
      readonly init?: EventSourceInit,
    ) {
      sources.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    close() {
      this.closed = true;
    }
  }
  beforeEach(() => ((globalThis as { EventSource?: unknown }).EventSource = FakeEventSource));
  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    network.restore();
  });

  it('subscribes to the API with the session cookie and refetches the topics and articles on a change', async () => {
    let topics: ApprovedTopic[] = [];
    network = stubFetch({ ...SIGNED_IN, 'GET /api/admin/approved-topics': () => ({ status: 200, body: topics }) });
    renderAt('/admin/workflow');
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0]).toMatchObject({ url: '/api/admin/events', init: { withCredentials: true } });
    await waitFor(() => expect(network.calls.filter((c) => c.path === '/api/admin/approved-topics').length).toBeGreaterThan(0));
    topics = [
      {
        id: 3,
        topic: 'Delivered by a worker',
        category: 'Culture',
        status: 'blog_received',
        approvedAt: '2026-11-20T10:00:00.000Z',
        blog: articleFixture({ id: 8, title: 'Worker blog' }),
      },
    ];
    act(() => sources[0]!.listeners.get('changed')!());
    expect(await screen.findByRole('heading', { name: 'Worker blog' })).toBeInTheDocument();
  });
});

describe('from an article to its comments', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  it("opens the Comments tab filtered to the article's comments", async () => {
    network = stubFetch({
      ...SIGNED_IN,
      ...articleRoutes(() => [articleFixture({ id: 4, title: 'Discussed', comments: 3 })]),
      'GET /api/admin/comments': () => ({ status: 200, body: [] }),
    });
    renderAt('/admin/articles');
    fireEvent.click(await screen.findByRole('button', { name: 'Comments (3)' }, { timeout: 5000 }));
    await waitFor(() => expect(where()).toBe('/admin/comments?article=4'), { timeout: 5000 });
    await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/comments?articleId=4')).toBe(true), { timeout: 5000 });
  });
});
