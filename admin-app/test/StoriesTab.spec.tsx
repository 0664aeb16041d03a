import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminStory } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const story = (id: number, title: string, articles: AdminStory['articles'], overrides: Partial<AdminStory> = {}): AdminStory => ({
  id,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  category: 'technology',
  status: 'developing',
  createdAt: '2026-11-29T09:00:00.000Z',
  articles,
  updateCount: 0,
  newReportCount: 0,
  ...overrides,
});
const article = (id: number, title: string) => ({ id, title, slug: `a-${id}`, category: 'Technology', published: true });

describe('the Stories tab', () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  afterEach(() => network.restore());

  it('lists the stories with their articles and counts, merges one into another and splits an article out, showing a refusal', async () => {
    const grid = story(1, 'Grid queue', [article(10, 'Grid queue reaches 20 GW'), article(11, 'Regulator cuts the queue')], {
      updateCount: 2,
      newReportCount: 3,
    });
    const harbour = story(2, 'Harbour strike', [article(12, 'Harbour workers strike')]);
    let refuseSplit = true;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/admin/stories': () => ({ status: 200, body: [grid, harbour] }),
      'GET /api/admin/stories/followers': () => ({ status: 200, body: { items: [{ storyId: 1, email: 4, push: 3 }] } }),
      'GET /api/admin/outlets/stories-mix': () => ({
        status: 200,
        body: {
          minIndependentOutlets: 2,
          stories: [
            {
              storyId: 1,
              mix: {
                independentOutlets: 1,
                oneSided: true,
                side: 'business press',
                outlets: [
                  { name: 'Daily Ledger', owner: 'Ledger Group', side: 'business press', listed: true, items: 2 },
                  { name: 'Markets Desk', owner: 'Ledger Group', side: 'business press', listed: true, items: 1 },
                ],
              },
            },
          ],
        },
      }),
      'POST /api/admin/stories/2/merge': () => ({ status: 200, body: { ...grid, articles: [...grid.articles, ...harbour.articles] } }),
      'POST /api/admin/stories/1/split': () =>
        refuseSplit
          ? {
              status: 400,
              body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'articleId', message: 'is the only article of its story' }] },
            }
          : { status: 200, body: story(3, 'Regulator cuts the queue', [article(11, 'Regulator cuts the queue')]) },
    });
    renderApp(<AdminApp />, '/admin/stories');

    const rows = await screen.findAllByTestId('admin-story');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Grid queue' })).toHaveAttribute('href', '/story/grid-queue');
    expect(first.getByTestId('story-updates')).toHaveTextContent('2');
    expect(first.getByTestId('story-new-reports')).toHaveTextContent('3');
    // The follows module's count of confirmed followers, by channel; a story nobody follows has none.
    await waitFor(() => expect(first.getByTestId('story-followers')).toHaveTextContent('74 by email · 3 by push'));
    expect(within(rows[1]!).getByTestId('story-followers')).toHaveTextContent(/^0$/);
    // Who covers it: two outlets of one owner count once, below the newsroom's two, all on one side.
    const outlets = first.getByTestId('story-outlets');
    expect(outlets).toHaveTextContent('1 independent outlet');
    expect(outlets).toHaveTextContent('Fewer than the 2 the newsroom requires now');
    expect(within(outlets).getByTestId('one-side-only')).toHaveTextContent('One side only: business press');
    expect(outlets).toHaveTextContent('Markets Desk (owned by Ledger Group, side: business press)');
    expect(within(rows[1]!).getByTestId('story-outlets')).toHaveTextContent('—');
    // A story's only article is not offered to split out.
    expect(within(rows[1]!).queryByRole('button', { name: 'Split out' })).not.toBeInTheDocument();

    fireEvent.click(first.getAllByRole('button', { name: 'Split out' })[1]!);
    await waitFor(() => expect(dialogs.alerts).toEqual([expect.stringContaining('is the only article of its story')]));
    refuseSplit = false;
    fireEvent.click(first.getAllByRole('button', { name: 'Split out' })[1]!);
    await waitFor(() => expect(network.calls.filter((call) => call.path === '/api/admin/stories/1/split').at(-1)?.body).toEqual({ articleId: 11 }));

    const second = within(rows[1]!);
    fireEvent.change(second.getByRole('combobox', { name: 'Merge “Harbour strike” into' }), { target: { value: '1' } });
    fireEvent.click(second.getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(network.calls.find((call) => call.path === '/api/admin/stories/2/merge')?.body).toEqual({ intoStoryId: 1 }));
    await waitFor(() => expect(network.calls.filter((call) => call.path === '/api/admin/stories').length).toBeGreaterThan(1));
  });
});
