import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Article, ApprovedTopic, TrendingSourcesResponse, TrendingTopic } from '@ai-mind/contracts';
import { ARTICLE_CONTENT_MAX_DEPTH } from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { articleRoutes } from './support/article-routes';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';
import { EVERY_TAB, GRID_TOPIC } from './support/fixtures';
import { MESSAGES } from '../src/lib/messages';

const article = (overrides: Partial<Article>): Article =>
  articleFixture({ title: 'A published piece', slug: 'a-published-piece', content: '<p>Published body</p>', ...overrides });

const draft = article({
  id: 2,
  title: 'A draft piece',
  slug: 'a-draft-piece',
  content: '<h2>Draft heading</h2><p>Draft body</p>',
  approved: false,
  isApproved: false,
});

describe('admin dashboard', () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  const { alerts, confirms } = dialogs;
  afterEach(() => network.restore());

  async function openTab(name: string) {
    fireEvent.click(await screen.findByRole('tab', { name }));
  }

  it('shows the header, the recovery boxes, the queue dashboard link and the tabs', async () => {
    network = stubFetch({ ...SIGNED_IN, 'GET /api/trending-topics': () => ({ status: 200, body: [] }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    for (const name of ['Refresh Data', 'Quick Recovery', 'Deep Recovery', 'Recreate Articles']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(EVERY_TAB);
    expect(await screen.findByText(MESSAGES.noTrendingTopics)).toBeInTheDocument();
  });

  it('approves a trending topic with its id, text, source and category, sending the CSRF token', async () => {
    const topic = GRID_TOPIC;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [topic] }),
      'POST /api/admin/approve-topic': () => ({ status: 200, body: { message: 'ok' } }),
    });
    renderApp(<AdminApp />, '/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/approve-topic')).toBe(true));
    expect(network.calls.find((c) => c.path === '/api/admin/approve-topic')!.body).toEqual({
      topicId: 7,
      topic: 'Grid upgrades stall',
      sourceUrl: 'https://example.com/x',
      category: 'Technology',
    });
    expect(screen.getByText('1,200 mentions', { exact: false })).toBeInTheDocument();
  });

  it('refreshes topics from the feeds and says which feeds failed on the last refresh, and why', async () => {
    const fresh: TrendingTopic = {
      id: 9,
      topic: 'Ceasefire talks resume',
      source: 'Global Wire',
      priority: 'normal',
      category: 'Global Events',
      mentions: 2,
      trend: 'rising',
      sourceUrl: null,
    };
    let refreshed = false;
    const sources: TrendingSourcesResponse = {
      mode: 'feeds',
      lastRefreshAt: '2026-11-20T10:00:00.000Z',
      sources: [
        {
          url: 'https://ledger.example/rss',
          name: 'The Daily Ledger',
          lastStatus: 'ok',
          lastError: null,
          lastFetchedAt: '2026-11-20T10:00:00.000Z',
          lastSuccessAt: '2026-11-20T10:00:00.000Z',
          itemCount: 12,
        },
        {
          url: 'https://broken.example/rss',
          name: 'Broken Times',
          lastStatus: 'error',
          lastError: 'HTTP 500 Internal Server Error',
          lastFetchedAt: '2026-11-20T10:00:00.000Z',
          lastSuccessAt: null,
          itemCount: 0,
        },
      ],
    };
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: refreshed ? [fresh] : [] }),
      'POST /api/trending-topics/refresh': () => {
        refreshed = true;
        return { status: 200, body: [fresh] };
      },
      'GET /api/trending-topics/sources': () => ({ status: 200, body: sources }),
    });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByText(/Topics from 2 news feeds · last refreshed Nov 20, 2026/)).toBeInTheDocument();
    expect(screen.getByText('1 feed failed on the last refresh')).toBeInTheDocument();
    expect(screen.getByText(/HTTP 500 Internal Server Error \(never worked\)/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Topics' }));
    expect(await screen.findByText('Ceasefire talks resume')).toBeInTheDocument();
    // Refreshing is a POST: no GET changes anything.
    expect(network.calls.filter((c) => c.path.includes('refresh')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/trending-topics/refresh']);
    expect(network.calls.filter((c) => c.path === '/api/trending-topics/sources').length).toBeGreaterThanOrEqual(2);
  });

  it('tells the editor when declining a topic fails', async () => {
    const topic: TrendingTopic = {
      id: 8,
      topic: 'Rates hold',
      source: 'FT',
      priority: 'normal',
      category: 'Economics',
      mentions: 5,
      trend: 'steady',
      sourceUrl: null,
    };
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [topic] }),
      'POST /api/admin/decline-topic': () => ({ status: 500, body: { error: 'Internal Server Error', message: 'x' } }),
    });
    renderApp(<AdminApp />, '/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(alerts).toEqual([MESSAGES.declineTopicFailed]));
  });

  it('shows workflow statuses with spaces, the blog when it arrived, published with a link once it is live, the automation text when not', async () => {
    const topics: ApprovedTopic[] = [
      { id: 1, topic: 'With blog', category: 'Technology', status: 'blog_received', approvedAt: '2024-01-05T09:00:00.000Z', blog: draft },
      { id: 2, topic: 'Waiting', category: 'Culture', status: 'sent_to_automation', approvedAt: '2024-01-05T09:00:00.000Z', blog: null },
      { id: 3, topic: 'Live', category: 'Technology', status: 'blog_received', approvedAt: '2024-01-05T09:00:00.000Z', blog: article({ id: 9 }) },
    ];
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      'GET /api/admin/approved-topics': () => ({ status: 200, body: topics }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Blog Workflow');
    expect(await screen.findByText('blog received')).toBeInTheDocument();
    expect(screen.getByText('sent to automation')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A draft piece' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.sentToAutomation)).toBeInTheDocument();
    const live = screen.getByText('Live').closest('.mantine-Card-root') as HTMLElement;
    expect(within(live).getByText('published')).toBeInTheDocument();
    expect(within(live).queryByText('blog received')).toBeNull();
    expect(within(live).getByRole('link', { name: 'Read it on the site' })).toHaveAttribute('href', '/article/a-published-piece');
    expect(screen.getAllByRole('link', { name: 'Read it on the site' })).toHaveLength(1);
  });

  it("says '1 mention' and '1,200 mentions'", async () => {
    const topic = (id: number, mentions: number): TrendingTopic => ({
      id,
      topic: `Topic ${id}`,
      source: 'Reuters',
      priority: 'normal',
      category: 'Technology',
      mentions,
      trend: 'rising',
      sourceUrl: 'https://example.com/x',
    });
    network = stubFetch({ ...SIGNED_IN, 'GET /api/trending-topics': () => ({ status: 200, body: [topic(1, 1), topic(2, 1200)] }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByText('Reuters · 1 mention · rising')).toBeInTheDocument();
    expect(screen.getByText('Reuters · 1,200 mentions · rising')).toBeInTheDocument();
  });

  it('counts published articles, publishes a draft and says so', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article({}), draft]),
      'POST /api/admin/approve-blog': () => ({ status: 200, body: { message: 'ok' } }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    expect(await screen.findByText('1 published')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(alerts).toEqual([MESSAGES.publishSucceeded]));
    expect(network.calls.find((c) => c.path === '/api/admin/approve-blog')!.body).toEqual({ blogId: 2 });
  });

  it('reports a failed publish with the server message and the console hint', async () => {
    const consoleError = console.error;
    console.error = () => undefined;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [draft]),
      'POST /api/admin/approve-blog': () => ({
        status: 400,
        body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'blogId', message: 'Invalid blog ID: x' }] },
      }),
    });
    try {
      renderApp(<AdminApp />, '/admin');
      await openTab('Article Management');
      fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(alerts).toEqual([MESSAGES.publishFailed('Invalid blog ID: x')]));
      expect(alerts[0]).toContain('console');
    } finally {
      console.error = consoleError;
    }
  });

  it.each([
    ['a details string', { details: 'Blog 2 has no content' }, 'Blog 2 has no content'],
    ['an error string', { error: 'Blog 2 is already live' }, 'Blog 2 is already live'],
    ['a details list', { error: 'Bad Request', details: ['one', 'two'] }, 'one; two'],
    ['neither', { message: 'nothing useful' }, MESSAGES.approveArticleFallback(500)],
  ])('a failed publish with %s says "Failed to publish blog: <server words>", else the status', async (_label, body, shown) => {
    const consoleError = console.error;
    console.error = () => undefined;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [draft]),
      'POST /api/admin/approve-blog': () => ({ status: 500, body }),
    });
    try {
      renderApp(<AdminApp />, '/admin');
      await openTab('Article Management');
      fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(alerts).toEqual([MESSAGES.publishFailed(shown)]));
    } finally {
      console.error = consoleError;
    }
  });

  it.each([
    ['a details string', { details: 'Topic 7 was already approved' }, 'Topic 7 was already approved'],
    ['an error string', { error: 'Automation service unreachable' }, 'Automation service unreachable'],
    ['neither', {}, MESSAGES.approveTopicFailed],
  ])('a failed topic approval with %s shows the server words, else the fallback', async (_label, body, shown) => {
    const topic = GRID_TOPIC;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [topic] }),
      'POST /api/admin/approve-topic': () => ({ status: 500, body }),
    });
    renderApp(<AdminApp />, '/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(alerts).toEqual([shown]));
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [draft]),
      'POST /api/admin/decline-blog': () => ({ status: 200, body: { message: 'ok' } }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    dialogs.confirmAnswer = false;
    fireEvent.click(await screen.findByRole('button', { name: /Decline/ }));
    expect(confirms).toEqual([MESSAGES.deleteConfirm]);
    expect(network.calls.some((c) => c.path === '/api/admin/decline-blog')).toBe(false);
    dialogs.confirmAnswer = true;
    fireEvent.click(screen.getByRole('button', { name: /Decline/ }));
    await waitFor(() => expect(alerts).toEqual([MESSAGES.deleteSucceeded]));
  });

  it("says 'Failed to delete article. Please try again.' when the deletion fails", async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [draft]),
      'POST /api/admin/decline-blog': () => ({ status: 500, body: {} }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: /Decline/ }));
    await waitFor(() => expect(alerts).toEqual([MESSAGES.deleteFailed]));
  });

  it('previews a draft inline with a toggle and a published article in a new tab', async () => {
    network = stubFetch({ ...SIGNED_IN, 'GET /api/trending-topics': () => ({ status: 200, body: [] }), ...articleRoutes(() => [article({}), draft]) });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    const [published, unpublished] = await screen.findAllByTestId('admin-article');
    expect(within(published!).getByRole('link', { name: 'Preview' })).toHaveAttribute('target', '_blank');
    fireEvent.click(within(unpublished!).getByRole('button', { name: 'Preview' }));
    expect(await within(unpublished!).findByRole('heading', { name: 'Draft heading' })).toBeInTheDocument();
    fireEvent.click(within(unpublished!).getByRole('button', { name: 'Hide Preview' }));
    expect(within(unpublished!).queryByTestId('draft-preview')).toBeNull();
  });

  it('reports image regeneration counts and failures', async () => {
    let fail = false;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article({})]),
      'POST /api/admin/regenerate-images': () =>
        fail ? { status: 503, body: { error: 'Service Unavailable', message: 'queue down' } } : { status: 200, body: { updatedCount: 3 } },
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate All Images' }));
    await waitFor(() => expect(alerts).toEqual([MESSAGES.regenerateSucceeded(3)]));
    expect(network.calls.find((c) => c.path === '/api/admin/regenerate-images')!.body).toEqual({ regenerateAll: true });
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate Image' }));
    await waitFor(() => expect(alerts.at(-1)).toBe('Failed to regenerate images: queue down'));
  });

  it('edits one blog: Save is disabled until title and content are filled, and saves title, content and meta description', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article({ metaDescription: 'Old description' })]),
      'PUT /api/admin/blogs/1': () => ({ status: 200, body: { message: 'ok', seoSchema: {}, sitemapUpdated: true } }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const meta = screen.getByRole('textbox', { name: 'Meta description' });
    expect(meta).toHaveAttribute('maxLength', '160');
    fireEvent.change(title, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.saveIncomplete)).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'A sharper title' } });
    fireEvent.change(meta, { target: { value: 'New description' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(network.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      title: 'A sharper title',
      content: '<p>Published body</p>',
      metaDescription: 'New description',
    });
    await waitFor(() => expect(screen.queryByTestId('blog-editor')).toBeNull());
  });

  it('says when a body is nested deeper than a save may be, and holds the save', async () => {
    // An article stored before the limit, or written in SQL.
    const deep = `${'<blockquote>'.repeat(ARTICLE_CONTENT_MAX_DEPTH + 1)}Deep${'</blockquote>'.repeat(ARTICLE_CONTENT_MAX_DEPTH + 1)}`;
    network = stubFetch({ ...SIGNED_IN, 'GET /api/trending-topics': () => ({ status: 200, body: [] }), ...articleRoutes(() => [article({ content: deep })]) });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByTestId('content-problem')).toHaveTextContent(`Content must not nest elements more than ${ARTICLE_CONTENT_MAX_DEPTH} deep.`);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(alerts).toEqual([`Content must not nest elements more than ${ARTICLE_CONTENT_MAX_DEPTH} deep.`]));
    expect(network.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves with Ctrl+S and reports a failed save in the editor', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article({})]),
      'PUT /api/admin/blogs/1': () => ({ status: 500, body: {} }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('blog-editor');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(alerts).toEqual([MESSAGES.saveContentFailed]));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts.at(-1)).toBe(MESSAGES.saveArticleFailed));
    expect(screen.getByTestId('blog-editor')).toBeInTheDocument();
  });

  it('Cancel discards the edit', async () => {
    network = stubFetch({ ...SIGNED_IN, 'GET /api/trending-topics': () => ({ status: 200, body: [] }), ...articleRoutes(() => [article({})]) });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Never saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('A published piece')).toBeInTheDocument();
    expect(network.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('lists contact messages, or says there are none, or that they failed to load', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      'GET /api/admin/contact-submissions': () => ({
        status: 200,
        body: [{ id: 1, name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Nice site', submittedAt: '2024-01-05T09:00:00.000Z' }],
      }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Contact Messages');
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.getByText('Nice site')).toBeInTheDocument();
  });

  it.each([
    ['Trending Topics', 'GET /api/trending-topics', MESSAGES.fetchTrendingFailed],
    ['Blog Workflow', 'GET /api/admin/approved-topics', MESSAGES.fetchApprovedFailed],
    ['Article Management', 'GET /api/admin/articles', MESSAGES.fetchArticlesFailed],
    ['Contact Messages', 'GET /api/admin/contact-submissions', MESSAGES.fetchContactFailed],
  ])('%s shows its failure text', async (tab, route, text) => {
    network = stubFetch({ ...SIGNED_IN, [route]: () => ({ status: 500, body: { error: 'Internal Server Error', message: 'boom' } }) });
    renderApp(<AdminApp />, '/admin');
    await openTab(tab);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['Blog Workflow', 'GET /api/admin/approved-topics', MESSAGES.noApprovedTopics],
    ['Article Management', 'GET /api/admin/articles', MESSAGES.noArticles],
    ['Contact Messages', 'GET /api/admin/contact-submissions', MESSAGES.noContactMessages],
  ])('%s shows its empty state', async (tab, route, text) => {
    network = stubFetch({ ...SIGNED_IN, 'GET /api/trending-topics': () => ({ status: 200, body: [] }), [route]: () => ({ status: 200, body: [] }) });
    renderApp(<AdminApp />, '/admin');
    await openTab(tab);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('clears problematic blogs and says how many went', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article({})]),
      'POST /api/admin/clear-problematic-blogs': () => ({ status: 200, body: { message: 'Removed 2 problematic drafts.', removedCount: 2, removed: [] } }),
    });
    renderApp(<AdminApp />, '/admin');
    await openTab('Article Management');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Problematic Blogs' }));
    await waitFor(() => expect(alerts).toEqual(['Removed 2 problematic drafts.']));
  });

  it('Refresh Data asks the server and shows its answer', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      'POST /api/admin/refresh-data': () => ({ status: 200, body: { message: 'Caches cleared: 16 of 19 articles are published.' } }),
    });
    renderApp(<AdminApp />, '/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('Caches cleared: 16 of 19 articles are published.')).toBeInTheDocument();
    expect(network.calls.find((c) => c.path === '/api/admin/refresh-data')?.method).toBe('POST');
  });

  it('summarises recovery results and reports recovery failures', async () => {
    let deep: object = { articlesFound: 20, backupsFound: 3, finalStats: { totalArticlesNow: 19, publishedArticlesNow: 16 } };
    let quick: { status: number; body: object } = { status: 500, body: {} };
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      'POST /api/admin/exhaustive-recovery': () => ({ status: 200, body: deep }),
      'POST /api/admin/force-recovery': () => quick,
      'POST /api/admin/recreate-from-sitemap': () => ({ status: 502, body: { error: 'Bad Gateway', message: 'sitemap unreachable' } }),
    });
    renderApp(<AdminApp />, '/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Deep Recovery' }));
    await waitFor(() => expect(alerts).toEqual(['Deep recovery finished: 20 articles found in 3 backups. Now 19 articles, 16 published.']));
    deep = { articlesFound: 20, backupsFound: 3, finalStats: { totalArticlesNow: 21, publishedArticlesNow: 17 }, restoredCount: 2 };
    fireEvent.click(screen.getByRole('button', { name: 'Deep Recovery' }));
    await waitFor(() => expect(alerts.at(-1)).toBe('Deep recovery finished: 20 articles found in 3 backups, 2 restored. Now 21 articles, 17 published.'));
    fireEvent.click(screen.getByRole('button', { name: 'Quick Recovery' }));
    await waitFor(() => expect(alerts.at(-1)).toBe(MESSAGES.forceRecoveryFailed));
    quick = { status: 200, body: { message: 'Restored 2 missing articles.', restoredCount: 2 } };
    fireEvent.click(screen.getByRole('button', { name: 'Quick Recovery' }));
    await waitFor(() => expect(alerts.at(-1)).toBe('Quick recovery finished. Restored 2 missing articles.'));
    fireEvent.click(screen.getByRole('button', { name: 'Recreate Articles' }));
    await waitFor(() => expect(alerts.at(-1)).toBe('Article recreation failed: sitemap unreachable'));
    expect(network.calls.find((c) => c.path === '/api/admin/recreate-from-sitemap')!.body).toEqual({});
  });
});
