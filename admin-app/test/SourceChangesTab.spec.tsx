import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SourceChange } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const change = (overrides: Partial<SourceChange>): SourceChange => ({
  id: 7,
  kind: 'changed',
  status: 'open',
  detectedAt: '2026-11-29T09:00:00.000Z',
  changedShare: 0.05,
  httpStatus: null,
  resolvedBy: null,
  resolvedAt: null,
  source: { id: 31, number: 1, outlet: 'Markets Desk', title: 'Housing starts fall to a three-year low', link: 'https://markets.example/housing-starts' },
  article: { id: 12, title: 'Housing Starts Fall', slug: 'housing-starts-fall' },
  claims: [{ id: 90, sentence: 'Starts fell 7.5% in October [1].', passage: 'Starts fell 7.5% from September.' }],
  ...overrides,
});

const gone = change({
  id: 8,
  kind: 'gone',
  changedShare: null,
  httpStatus: 410,
  source: { id: 32, number: 2, outlet: 'The Daily Ledger', title: 'Builders wait', link: 'https://ledger.example/builders-wait' },
  claims: [],
});

describe('the Source Changes tab', () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  afterEach(() => network.restore());

  it('lists the open items beside the claims citing each source, links to the article, and resolves one', async () => {
    let open = [change({}), gone];
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/admin/source-changes': () => ({ status: 200, body: open }),
      'POST /api/admin/source-changes/7/status': () => {
        open = [gone];
        return { status: 200, body: change({ status: 'resolved', resolvedBy: 'editor', resolvedAt: '2026-11-29T10:00:00.000Z' }) };
      },
    });
    renderApp(<AdminApp />, '/admin/source-changes');
    const items = await screen.findAllByTestId('source-change');
    expect(items.map((item) => item.dataset.kind)).toEqual(['changed', 'gone']);
    expect(items[0]).toHaveTextContent('Source [1], Markets Desk');
    expect(items[0]).toHaveTextContent('About 5% of its words differ');
    expect(within(items[0]!).getByTestId('source-change-claim')).toHaveTextContent('Starts fell 7.5% in October [1].“Starts fell 7.5% from September.”');
    expect(within(items[0]!).getByRole('link', { name: 'Housing Starts Fall' })).toHaveAttribute('href', '/admin/articles/12');
    expect(within(items[0]!).getByRole('link', { name: 'Housing starts fall to a three-year low' })).toHaveAttribute(
      'href',
      'https://markets.example/housing-starts',
    );
    expect(items[1]).toHaveTextContent('The page answers HTTP 410: the outlet took it down for good.');
    expect(items[1]).toHaveTextContent('No claim of the article cites this source now.');
    expect(network.calls.find((call) => call.path.startsWith('/api/admin/source-changes'))?.path).toBe('/api/admin/source-changes?status=open');

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Resolved' }));
    await waitFor(() => expect(screen.getAllByTestId('source-change').map((item) => item.dataset.kind)).toEqual(['gone']));
    expect(network.calls.find((call) => call.method === 'POST')).toMatchObject({ path: '/api/admin/source-changes/7/status', body: { status: 'resolved' } });
    expect(dialogs.alerts).toEqual([]);
  });

  it('shows the closed items by their status from the URL, and the empty queue', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/admin/source-changes': (call) =>
        call.url.search === '?status=resolved'
          ? { status: 200, body: [change({ status: 'resolved', resolvedBy: 'sam', resolvedAt: '2026-11-29T10:00:00.000Z' })] }
          : { status: 200, body: [] },
    });
    renderApp(<AdminApp />, '/admin/source-changes?status=resolved');
    const [item] = await screen.findAllByTestId('source-change');
    expect(item).toHaveTextContent('resolved by sam');
    expect(within(item!).queryByRole('button', { name: 'Resolved' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Open' }));
    expect(await screen.findByTestId('source-changes-empty')).toHaveTextContent('No open source changes');
  });
});
