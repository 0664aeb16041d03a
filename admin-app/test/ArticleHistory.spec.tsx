import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  VERSION_CONFLICT_PREFIX,
  type AdminArticle,
  type ArticleGradeRecord,
  type ArticleRevisionDetail,
  type ArticleRevisionSummary,
} from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { articleRoutes } from './support/article-routes';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';
import { diffUnits, diffWords, paragraphs } from '../src/features/articles/components/revision-diff';

const article = (overrides: Partial<AdminArticle> = {}): AdminArticle => ({
  ...articleFixture({ title: 'Rates hold', slug: 'rates-hold', content: '<p>First paragraph.</p><p>Second paragraph.</p>' }),
  version: 3,
  ...overrides,
});

const summary = (overrides: Partial<ArticleRevisionSummary>): ArticleRevisionSummary => ({
  id: 1,
  articleId: 1,
  action: 'update',
  actor: 'admin:alice',
  changed: ['title'],
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  title: 'Rates hold',
  approved: true,
  note: null,
  stage: 'published',
  ...overrides,
});

const REVISIONS: ArticleRevisionSummary[] = [
  summary({
    id: 12,
    action: 'update',
    actor: 'job:image-regenerate',
    changed: ['image_url'],
    version: 3,
    createdAt: '2026-11-22T10:00:00.000Z',
    title: 'Rates hold',
  }),
  summary({
    id: 11,
    action: 'publish',
    actor: 'admin:bob',
    changed: ['approved', 'title'],
    version: 2,
    createdAt: '2026-11-21T10:00:00.000Z',
    title: 'Rates hold',
  }),
  summary({
    id: 10,
    action: 'create',
    actor: 'automation',
    changed: [],
    version: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    title: 'Rates held',
    approved: false,
  }),
];

const detail = (revision: ArticleRevisionSummary, content: string, metaDescription: string | null): ArticleRevisionDetail => ({
  ...revision,
  content,
  metaDescription,
  category: 'Economics',
});
const DETAILS: Record<number, ArticleRevisionDetail> = {
  12: detail(REVISIONS[0]!, '<p>First paragraph.</p><p>Second paragraph.</p>', 'Why rates held.'),
  11: detail(REVISIONS[1]!, '<p>First paragraph.</p><p>Second paragraph.</p>', 'Why rates held.'),
  10: detail(REVISIONS[2]!, '<p>First paragraph.</p><p>An older second paragraph.</p>', 'Old description.'),
};

/** The article's grade as the API answers it: disclosed now, after a rewrite took the editor's review away. */
const GRADE: ArticleGradeRecord = {
  articleId: 1,
  current: {
    grade: 'ai-unreviewed',
    label: 'AI-generated',
    disclosed: true,
    checks: [
      { rule: 'a named editor, a person with an account, took responsibility', met: true, detail: 'published by bob' },
      { rule: 'a review step was taken before publishing (not only publish)', met: false, detail: 'published without a review step' },
    ],
  },
  history: [
    { grade: 'ai-reviewed', label: 'Written by AI, reviewed by an editor', disclosed: false, since: '2026-11-21T10:00:00.000Z', revisionId: 11 },
    { grade: 'ai-unreviewed', label: 'AI-generated', disclosed: true, since: '2026-11-22T10:00:00.000Z', revisionId: 12 },
  ],
};

describe('article history and save conflicts', () => {
  let network: ReturnType<typeof stubFetch>;
  const { alerts, confirms } = useBrowserDialogs();
  afterEach(() => network.restore());

  async function openArticleManagement() {
    renderApp(<AdminApp />, '/admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Article Management' }));
  }

  it('lists who changed the article and what, compares two versions and restores one after confirming', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article()]),
      'GET /api/admin/articles/1/revisions': () => ({ status: 200, body: REVISIONS }),
      'GET /api/admin/articles/1/revisions/12': () => ({ status: 200, body: DETAILS[12] }),
      'GET /api/admin/articles/1/revisions/11': () => ({ status: 200, body: DETAILS[11] }),
      'GET /api/admin/articles/1/revisions/10': () => ({ status: 200, body: DETAILS[10] }),
      'POST /api/admin/articles/1/revisions/10/restore': () => ({ status: 200, body: article({ version: 4, title: 'Rates held' }) }),
      'GET /api/admin/articles/1/grade': () => ({ status: 200, body: GRADE }),
    });
    await openArticleManagement();
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));

    // The AI involvement grade now, each rule's check, and each change of it, newest first.
    expect(await screen.findByTestId('article-grade-label')).toHaveTextContent('AI-generated');
    expect(screen.getByText(/published without a review step/)).toBeInTheDocument();
    const changes = screen.getAllByTestId('grade-change');
    expect(changes.map((row) => row.textContent)).toEqual([
      expect.stringContaining('AI-generated'),
      expect.stringContaining('Written by AI, reviewed by an editor'),
    ]);
    expect(within(changes[0]!).getByText('12')).toBeInTheDocument();

    const rows = await screen.findAllByTestId('revision');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('job image-regenerate')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('image')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('bob')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('status, title')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Created')).toBeInTheDocument();
    // The newest is the current version: nothing to restore there.
    expect(within(rows[0]!).queryByRole('button', { name: 'Restore this version' })).toBeNull();

    // The oldest against the newest: title, status, meta description and content differences.
    fireEvent.click(within(rows[2]!).getByRole('radio', { name: /Compare from/ }));
    const comparison = await screen.findByTestId('revision-comparison');
    await waitFor(() => expect(within(comparison).getByText('Draft → Published')).toBeInTheDocument());
    expect(within(comparison).getByText('An older second paragraph.')).toHaveAttribute('data-change', 'removed');
    expect(within(comparison).getByText('Second paragraph.')).toHaveAttribute('data-change', 'added');
    expect(within(comparison).getByText('held')).toHaveAttribute('data-change', 'removed');
    expect(within(comparison).getByText('hold')).toHaveAttribute('data-change', 'added');

    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() => expect(network.calls.some((c) => c.path === '/api/admin/articles/1/revisions/10/restore')).toBe(true));
    expect(confirms[0]).toContain('"Rates held"');
    expect(confirms[0]).toContain('the status stays as it is');
    expect(network.calls.find((c) => c.path === '/api/admin/articles/1/revisions/10/restore')!.body).toEqual({ version: 3 });
  });

  it('does not restore when the editor cancels the confirmation', async () => {
    window.confirm = () => false;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article()]),
      'GET /api/admin/articles/1/revisions': () => ({ status: 200, body: REVISIONS }),
      'GET /api/admin/articles/1/revisions/12': () => ({ status: 200, body: DETAILS[12] }),
      'GET /api/admin/articles/1/revisions/11': () => ({ status: 200, body: DETAILS[11] }),
    });
    await openArticleManagement();
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    const rows = await screen.findAllByTestId('revision');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore this version' }));
    expect(network.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a save over a newer change says who and when, keeps the text to copy, and loads their version on request', async () => {
    let listed = article({ version: 3 });
    const message = `${VERSION_CONFLICT_PREFIX}: admin:bob changed "Rates hold" at 2026-11-24 15:02:03 UTC (now version 4). Reload to see their change.`;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [listed]),
      'PUT /api/admin/blogs/1': () => ({ status: 409, body: { error: 'Conflict', message } }),
    });
    await openArticleManagement();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'My sharper title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const conflict = await screen.findByTestId('save-conflict');
    expect(network.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ title: 'My sharper title', version: 3 });
    expect(within(conflict).getByText(message)).toBeInTheDocument();
    const kept = within(conflict).getByRole('textbox', { name: 'Your text (not saved), to copy' });
    expect((kept as HTMLTextAreaElement).value).toContain('My sharper title');
    expect(alerts).toEqual([]);

    listed = article({ version: 4, title: "Bob's title" });
    fireEvent.click(within(conflict).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue("Bob's title"));
    // Their version is loaded; the refused text is still there to copy.
    expect(
      (within(screen.getByTestId('save-conflict')).getByRole('textbox', { name: 'Your text (not saved), to copy' }) as HTMLTextAreaElement).value,
    ).toContain('My sharper title');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(network.calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ title: "Bob's title", version: 4 });
  });

  it('a publish refused over a newer change says who changed it and lists the article afresh', async () => {
    const message = `${VERSION_CONFLICT_PREFIX}: admin:bob changed "Rates hold" at 2026-11-24 15:02:03 UTC (now version 4). Reload to see their change.`;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [article({ approved: false, isApproved: false })]),
      'POST /api/admin/approve-blog': () => ({ status: 409, body: { error: 'Conflict', message } }),
    });
    await openArticleManagement();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(alerts).toHaveLength(1));
    expect(alerts[0]).toContain(message);
    expect(network.calls.find((c) => c.path === '/api/admin/approve-blog')!.body).toEqual({ blogId: 1, version: 3 });
    await waitFor(() => expect(network.calls.filter((c) => c.path === '/api/admin/articles')).toHaveLength(2));
  });
});

describe('revision diff', () => {
  it('splits content into readable paragraphs', () => {
    expect(paragraphs('<h2>Why</h2><p>Rates <strong>held</strong>.</p><ul><li>One</li><li>Two</li></ul>')).toEqual(['Why', 'Rates held.', 'One', 'Two']);
  });

  it('keeps what is common and marks what was removed and added', () => {
    expect(diffUnits(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(diffWords('Rates held', 'Rates hold').map((part) => part.kind)).toEqual(['same', 'removed', 'added']);
  });
});
