import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { STAGE_COUNTS_HEADER, type ArticleReviewFields } from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { TIME_ZONE } from '../src/features/articles/components/ReviewPanel';
import { reviewFieldsOf } from './support/article-routes';
import { useBrowserDialogs } from './support/dialogs';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;

const PERMISSIONS: Record<string, string[]> = {
  editor: ['panel.use', 'articles.draft', 'articles.publish', 'articles.delete'],
  writer: ['panel.use', 'articles.draft'],
};
const signedInAs = (role: 'editor' | 'writer', username: string) => ({
  'GET /api/admin/check': () => ({
    status: 200,
    body: { authenticated: true, username, csrfToken: 'csrf-1', account: { username, displayName: username, role, permissions: PERMISSIONS[role] } },
  }),
});

const summary = (id: number, fields: Partial<ArticleReviewFields>) => {
  const article = articleFixture({ id, title: `Story ${id}`, approved: fields.stage === 'published' });
  const { content: _content, ...rest } = article;
  return { ...rest, excerpt: 'Text', version: 4, ...reviewFieldsOf(article, fields) };
};

describe('the review stage in Article Management', () => {
  useBrowserDialogs();
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  function stub(role: 'editor' | 'writer', username: string, items: ReturnType<typeof summary>[]) {
    network = stubFetch({
      ...signedInAs(role, username),
      'GET /api/admin/articles': () => ({
        status: 200,
        body: items,
        headers: { 'x-total-count': String(items.length), [STAGE_COUNTS_HEADER]: 'draft=2,in_review=3,changes_requested=0,ready=1,scheduled=4,published=9' },
      }),
      'GET /api/admin/assignees': () => ({ status: 200, body: [{ id: 7, username: 'wren', role: 'writer' }] }),
      'POST /api/admin/articles/1/request-changes': () => ({ status: 200, body: { ...summary(1, { stage: 'changes_requested' }), content: '' } }),
      'POST /api/admin/articles/2/schedule': () => ({
        status: 200,
        body: { ...summary(2, { stage: 'scheduled', scheduledAt: '2030-01-01T09:00:00.000Z' }), content: '' },
      }),
      'POST /api/admin/articles/3/submit': () => ({ status: 200, body: { ...summary(3, { stage: 'in_review' }), content: '' } }),
    });
  }

  it('shows each stage, the counts of the stages, and an editor’s steps with a note', async () => {
    stub('editor', 'eddie', [summary(1, { stage: 'in_review', authorName: 'wren', authorId: 7 }), summary(2, { stage: 'ready' })]);
    renderApp(<AdminApp />, '/admin/articles');
    const cards = await screen.findAllByTestId('admin-article');
    expect(cards.map((card) => within(card).getByTestId('stage-badge').textContent)).toEqual(['In review', 'Ready']);
    expect(screen.getByTestId('count-in_review')).toHaveTextContent('3 in review');
    expect(screen.getByTestId('count-scheduled')).toHaveTextContent('4 scheduled');

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Review' }));
    const panel = await within(cards[0]!).findByTestId('review-panel');
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Request changes', 'Mark ready', 'Publish']);
    fireEvent.change(within(panel).getByLabelText('Note (kept in the history)'), { target: { value: 'Cite the source' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Request changes' }));
    await waitFor(() =>
      expect(network.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/admin/articles/1/request-changes',
        body: { note: 'Cite the source', version: 4 },
      }),
    );
  });

  it('schedules a ready article at a time picked in the editor’s own zone, sent in UTC', async () => {
    stub('editor', 'eddie', [summary(2, { stage: 'ready' })]);
    renderApp(<AdminApp />, '/admin/articles');
    const [card] = await screen.findAllByTestId('admin-article');
    fireEvent.click(within(card!).getByRole('button', { name: 'Review' }));
    const picker = await within(card!).findByLabelText(`Publish at (${TIME_ZONE})`);
    fireEvent.change(picker, { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(within(card!).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(network.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/admin/articles/2/schedule',
        body: { at: new Date('2030-01-01T10:00').toISOString(), version: 4 },
      }),
    );
  });

  it('offers a writer only the submit of their own draft, and none of the editors’ actions', async () => {
    stub('writer', 'wren', [
      summary(3, { stage: 'draft', authorId: 7, authorName: 'wren' }),
      summary(4, { stage: 'draft', authorId: 99, authorName: 'someone' }),
    ]);
    renderApp(<AdminApp />, '/admin/articles');
    const [own, other] = await screen.findAllByTestId('admin-article');
    expect(within(own!).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(own!).queryByRole('button', { name: /Decline/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate All Images' })).toBeNull();
    fireEvent.click(within(own!).getByRole('button', { name: 'Review' }));
    const panel = await within(own!).findByTestId('review-panel');
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Submit for review']);
    expect(within(panel).queryByLabelText('Assigned to')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(network.calls.find((c) => c.method === 'POST')?.path).toBe('/api/admin/articles/3/submit'));
    fireEvent.click(within(other!).getByRole('button', { name: 'Review' }));
    expect(within(await within(other!).findByTestId('review-panel')).queryAllByRole('button')).toEqual([]);
  });

  it('filters by stage and by what is assigned to me, in the URL', async () => {
    stub('editor', 'eddie', [summary(1, { stage: 'in_review' })]);
    renderApp(
      <>
        <AdminApp />
        <Where />
      </>,
      '/admin/articles',
    );
    fireEvent.click(await screen.findByLabelText('Assigned to me'));
    await waitFor(() => expect(where()).toBe('/admin/articles?assignee=me'));
    await waitFor(() => expect(network.calls.map((c) => c.path)).toContain('/api/admin/articles?assignee=me'));
  });
});
