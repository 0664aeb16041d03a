import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminSourcingSettings, Outlet, TrendingOutletMix, TrendingTopic } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const topic: TrendingTopic = {
  id: 11,
  topic: 'Port strike enters day three',
  source: 'The Daily Ledger',
  priority: 'normal',
  category: 'Economics',
  mentions: 3,
  trend: 'rising',
  sourceUrl: null,
};

const mix: TrendingOutletMix = {
  minIndependentOutlets: 2,
  topics: [
    {
      topicId: 11,
      mix: {
        independentOutlets: 1,
        oneSided: true,
        side: 'business press',
        outlets: [
          { name: 'The Daily Ledger', owner: 'Ledger Media Group', side: 'business press', listed: true, items: 2 },
          { name: 'Markets Desk', owner: 'Ledger Media Group', side: 'business press', listed: true, items: 1 },
        ],
      },
    },
  ],
};

const ledger: Outlet = {
  id: 3,
  name: 'The Daily Ledger',
  owner: 'Ledger Media Group',
  side: 'business press',
  notes: '',
  updatedAt: '2026-11-29T10:00:00.000Z',
  updatedBy: 'owner',
};
const settings: AdminSourcingSettings = { minIndependentOutlets: 2, updatedAt: null, updatedBy: null };

describe('independent sources in the admin', () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  afterEach(() => network.restore());

  it("shows a topic's outlet mix and approves it below the setting only as single-source, with the server's field error under the note", async () => {
    let refuse = true;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [topic] }),
      'GET /api/admin/outlets/trending-mix': () => ({ status: 200, body: mix }),
      'POST /api/admin/approve-topic': () =>
        refuse
          ? {
              status: 400,
              body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'note', message: 'must not contain control characters' }] },
            }
          : { status: 200, body: { message: 'approved', approvedTopicId: 5 } },
    });
    renderApp(<AdminApp />, '/admin');
    const card = await screen.findByTestId('trending-topic');
    const shown = await within(card).findByTestId('outlet-mix');
    expect(shown).toHaveTextContent('1 independent outlet');
    expect(shown).toHaveTextContent('Fewer than the 2 required');
    expect(shown).toHaveTextContent('Markets Desk (owned by Ledger Media Group, side: business press)');
    expect(within(card).getByTestId('one-side-only')).toHaveTextContent('One side only: business press');
    // No plain approval for a topic below the setting.
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Approve as single-source…' }));
    const note = within(card).getByRole('textbox', { name: /Editor's note/ });
    fireEvent.change(note, { target: { value: 'Only the Ledger group has it so far.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Approve as single-source' }));
    expect(await within(card).findByText('must not contain control characters')).toBeInTheDocument();
    expect(dialogs.alerts).toEqual([]);

    refuse = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Approve as single-source' }));
    await waitFor(() => expect(network.calls.filter((call) => call.path === '/api/admin/approve-topic')).toHaveLength(2));
    expect(network.calls.filter((call) => call.path === '/api/admin/approve-topic').at(-1)!.body).toEqual({
      topicId: 11,
      topic: 'Port strike enters day three',
      sourceUrl: null,
      category: 'Economics',
      singleSource: true,
      note: 'Only the Ledger group has it so far.',
    });
  });

  it('lets the owner list an outlet with its owner and side (field errors under their fields) and set the independent outlets required', async () => {
    let refuse = true;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/admin/newsroom': () => ({ status: 200, body: [] }),
      'GET /api/admin/newsroom/masthead': () => ({ status: 200, body: [] }),
      'GET /api/admin/outlets': () => ({ status: 200, body: [ledger] }),
      'GET /api/admin/outlets/settings': () => ({ status: 200, body: settings }),
      'POST /api/admin/outlets': () =>
        refuse
          ? { status: 400, body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'name', message: 'is already on the list' }] } }
          : { status: 201, body: { ...ledger, id: 4, name: 'Markets Desk' } },
      'PUT /api/admin/outlets/settings': () => ({ status: 200, body: { minIndependentOutlets: 3, updatedAt: '2026-11-29T12:00:00.000Z', updatedBy: 'owner' } }),
    });
    renderApp(<AdminApp />, '/admin/newsroom');
    const panel = await screen.findByTestId('outlets-panel');
    expect(await within(panel).findByTestId('outlet')).toHaveTextContent('The Daily LedgerLedger Media Groupbusiness press');

    const form = within(panel).getByRole('form', { name: 'Add an outlet' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Outlet name/ }), { target: { value: 'the daily ledger' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Owner' }), { target: { value: 'Ledger Media Group' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Side/ }), { target: { value: 'business press' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('is already on the list')).toBeInTheDocument();

    refuse = false;
    fireEvent.change(within(form).getByRole('textbox', { name: /Outlet name/ }), { target: { value: 'Markets Desk' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(network.calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/outlets').at(-1)!.body).toEqual({
        name: 'Markets Desk',
        owner: 'Ledger Media Group',
        side: 'business press',
        notes: '',
      }),
    );

    const setting = within(panel).getByRole('textbox', { name: /Independent outlets required/ });
    fireEvent.change(setting, { target: { value: '3' } });
    fireEvent.click(within(within(panel).getByRole('form', { name: 'Independent outlets required' })).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(network.calls.find((call) => call.method === 'PUT' && call.path === '/api/admin/outlets/settings')?.body).toEqual({ minIndependentOutlets: 3 }),
    );
    expect(dialogs.alerts).toEqual([]);
  });
});
