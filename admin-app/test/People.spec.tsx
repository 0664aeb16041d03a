import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE_PERMISSIONS, type AdminAccount, type AdminRole, type PasswordLinkResponse } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { PEOPLE_MESSAGES } from '../src/features/people/components/PeopleTab';
import { useBrowserDialogs } from './support/dialogs';
import { EVERY_TAB, GRID_TOPIC } from './support/fixtures';

const signedInAs = (role: AdminRole) => ({
  'GET /api/admin/check': () => ({
    status: 200,
    body: {
      authenticated: true,
      username: role,
      csrfToken: 'csrf-1',
      account: { username: role, displayName: `The ${role}`, role, permissions: ROLE_PERMISSIONS[role] },
    },
  }),
});

const topic = GRID_TOPIC;

const person = (overrides: Partial<AdminAccount>): AdminAccount => ({
  id: 1,
  username: 'owner',
  displayName: 'The owner',
  email: 'owner@example.com',
  role: 'owner',
  status: 'active',
  hasPassword: true,
  linkExpiresAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLoginAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

describe('the panel by role', () => {
  let network: ReturnType<typeof stubFetch>;
  useBrowserDialogs();
  afterEach(() => network.restore());

  const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

  it('shows a writer only what a writer may use: Trending Topics to read and Article Management, no recovery, queues or Refresh Data', async () => {
    network = stubFetch({ ...signedInAs('writer'), 'GET /api/trending-topics': () => ({ status: 200, body: [topic] }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByText('Grid upgrades stall')).toBeInTheDocument();
    expect(tabs()).toEqual(['Trending Topics', 'Article Management']);
    expect(screen.getByText('Signed in as The writer · writer')).toBeInTheDocument();
    for (const name of ['Refresh Data', 'Quick Recovery', 'Deep Recovery', 'Recreate Articles', 'Approve', 'Decline', 'Refresh Topics']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Queue dashboard' })).not.toBeInTheDocument();
  });

  it('opens a tab the role cannot use (an old link) as Trending Topics, and never asks for its data', async () => {
    network = stubFetch({ ...signedInAs('writer'), 'GET /api/trending-topics': () => ({ status: 200, body: [] }) });
    renderApp(<AdminApp />, '/admin/contact');
    expect(await screen.findByRole('tab', { name: 'Trending Topics', selected: true })).toBeInTheDocument();
    expect(network.calls.some((call) => call.path.startsWith('/api/admin/contact-submissions'))).toBe(false);
  });

  it('shows an editor every editorial tab and button, but not Audit, People, recovery or the queues', async () => {
    network = stubFetch({ ...signedInAs('editor'), 'GET /api/trending-topics': () => ({ status: 200, body: [topic] }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(tabs()).toEqual([
      'Trending Topics',
      'Blog Workflow',
      'Article Management',
      'Comments',
      'Contact Messages',
      'Newsletter',
      'Analytics',
      'Source Changes',
      'Stories',
      'Fediverse',
    ]);
    expect(screen.getByRole('button', { name: 'Refresh Data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quick Recovery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Queue dashboard' })).not.toBeInTheDocument();
  });

  it('shows an owner everything, People included', async () => {
    network = stubFetch({ ...signedInAs('owner'), 'GET /api/trending-topics': () => ({ status: 200, body: [] }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByRole('button', { name: 'Quick Recovery' })).toBeInTheDocument();
    expect(tabs()).toEqual(EVERY_TAB);
  });
});

describe('the People tab', () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  afterEach(() => network.restore());

  const editor = person({ id: 2, username: 'sam', displayName: 'Sam Editor', email: 'sam@example.com', role: 'editor' });

  it('lists the people, invites someone and shows the one-time link to copy, built on the panel own address', async () => {
    const invited = person({
      id: 3,
      username: 'wren',
      displayName: 'Wren Writer',
      email: 'wren@example.com',
      role: 'writer',
      hasPassword: false,
      linkExpiresAt: '2026-11-30T10:00:00.000Z',
      lastLoginAt: null,
    });
    let list = [person({}), editor];
    network = stubFetch({
      ...signedInAs('owner'),
      'GET /api/admin/people': () => ({ status: 200, body: list }),
      'POST /api/admin/people': () => {
        list = [...list, invited];
        const answer: PasswordLinkResponse = { account: invited, token: 'the-one-time-token', expiresAt: '2026-11-30T10:00:00.000Z' };
        return { status: 201, body: answer };
      },
    });
    renderApp(<AdminApp />, '/admin/people');
    const rows = await screen.findAllByTestId('person');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'The owner (you)owner · owner@example.com',
      'Sam Editorsam · sam@example.com',
    ]);

    const form = screen.getByRole('form', { name: 'Invite someone' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Wren Writer' } });
    fireEvent.change(within(form).getByLabelText(/^Username/), { target: { value: 'wren' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'wren@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Invite' }));

    const link = await screen.findByTestId('password-link');
    expect(network.calls.find((call) => call.method === 'POST' && call.path === '/api/admin/people')!.body).toEqual({
      username: 'wren',
      displayName: 'Wren Writer',
      email: 'wren@example.com',
      role: 'writer',
    });
    expect(within(link).getByLabelText('Link to set the password')).toHaveValue('http://localhost/admin/set-password#the-one-time-token');
    expect(link).toHaveTextContent('does not send email');
    expect(await screen.findByText(/^Link until/)).toBeInTheDocument();
  });

  it('changes a role after asking, and shows the server refusing to demote the last owner', async () => {
    network = stubFetch({
      ...signedInAs('owner'),
      'GET /api/admin/people': () => ({ status: 200, body: [person({}), editor] }),
      'POST /api/admin/people/2/role': ({ body }) => ({ status: 200, body: { ...editor, role: (body as { role: AdminRole }).role } }),
      'POST /api/admin/people/1/role': () => ({
        status: 409,
        body: { error: 'Conflict', message: 'This is the last active owner: make another account an owner first.' },
      }),
    });
    renderApp(<AdminApp />, '/admin/people');
    await screen.findAllByTestId('person', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Sam Editor' }), { target: { value: 'writer' } });
    await waitFor(() => expect(network.calls.some((call) => call.path === '/api/admin/people/2/role')).toBe(true));
    expect(dialogs.confirms).toEqual([PEOPLE_MESSAGES.roleConfirm(editor, 'writer')]);
    expect(network.calls.find((call) => call.path === '/api/admin/people/2/role')!.body).toEqual({ role: 'writer' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of The owner' }), { target: { value: 'editor' } });
    await waitFor(() => expect(dialogs.alerts).toEqual(['This is the last active owner: make another account an owner first.']));
  });

  it('disables only after asking, and resets a password into a new link', async () => {
    network = stubFetch({
      ...signedInAs('owner'),
      'GET /api/admin/people': () => ({ status: 200, body: [person({}), editor] }),
      'POST /api/admin/people/2/status': () => ({ status: 200, body: { ...editor, status: 'disabled' } }),
      'POST /api/admin/people/2/reset-password': () => ({
        status: 200,
        body: { account: { ...editor, hasPassword: false }, token: 'reset-token', expiresAt: '2026-11-30T10:00:00.000Z' },
      }),
    });
    renderApp(<AdminApp />, '/admin/people');
    const row = (await screen.findAllByTestId('person'))[1]!;
    dialogs.confirmAnswer = false;
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(network.calls.some((call) => call.path === '/api/admin/people/2/status')).toBe(false);
    dialogs.confirmAnswer = true;
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(network.calls.find((call) => call.path === '/api/admin/people/2/status')?.body).toEqual({ status: 'disabled' }));

    fireEvent.click(within(row).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByLabelText('Link to set the password')).toHaveValue('http://localhost/admin/set-password#reset-token');
    expect(dialogs.confirms.at(-1)).toBe(PEOPLE_MESSAGES.resetConfirm(editor));
  });
});

describe('the page a link leads to', () => {
  let network: ReturnType<typeof stubFetch>;
  useBrowserDialogs();
  afterEach(() => {
    network.restore();
    window.history.replaceState(null, '', '/');
  });

  async function setPassword(password: string, repeat = password) {
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Repeat it/), { target: { value: repeat } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
  }

  it('sends the token from after # with the chosen password, without asking for a session, and points to the sign-in', async () => {
    window.history.replaceState(null, '', '/admin/set-password#tok-123');
    network = stubFetch({
      'POST /api/admin/set-password': () => ({ status: 200, body: { username: 'wren', message: 'Your password is set. Sign in as wren.' } }),
    });
    renderApp(<AdminApp />, '/admin/set-password');
    await setPassword('a-long-new-password');
    expect(await screen.findByText('Your password is set. Sign in as wren.')).toBeInTheDocument();
    expect(network.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/admin/set-password']);
    expect(network.calls[0]!.body).toEqual({ token: 'tok-123', password: 'a-long-new-password' });
    expect(screen.getByRole('link', { name: 'Go to the sign-in' })).toHaveAttribute('href', '/admin');
  });

  it('says when the two passwords differ, and shows the server refusing a spent link', async () => {
    window.history.replaceState(null, '', '/set-password#spent');
    network = stubFetch({
      'POST /api/admin/set-password': () => ({
        status: 400,
        body: {
          error: 'Bad Request',
          message: 'Validation failed',
          details: [{ path: 'token', message: 'This link has expired or was already used. Ask an owner for a new one.' }],
        },
      }),
    });
    renderApp(<AdminApp />, '/set-password');
    await setPassword('a-long-new-password', 'another-password');
    expect(await screen.findByText('The two passwords differ.')).toBeInTheDocument();
    expect(network.calls).toEqual([]);
    await setPassword('a-long-new-password');
    expect(await screen.findByText(/This link has expired or was already used/)).toBeInTheDocument();
  });
});
