import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE_PERMISSIONS, type AdminFediverseSettings, type FediverseOverview, type FediverseReader } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { useBrowserDialogs } from './support/dialogs';

const owner = {
  'GET /api/admin/check': () => ({
    status: 200,
    body: {
      authenticated: true,
      username: 'owner',
      csrfToken: 'csrf-1',
      account: { username: 'owner', displayName: 'The owner', role: 'owner', permissions: ROLE_PERMISSIONS.owner },
    },
  }),
};

const overview: FediverseOverview = {
  handle: '@news@news.example',
  actorUrl: 'https://news.example/ap/actor/site',
  followerCount: 1,
  followers: [
    {
      id: 1,
      handle: '@ann@social.example',
      actorUrl: 'https://social.example/users/ann',
      inboxUrl: 'https://social.example/users/ann/inbox',
      sharedInboxUrl: 'https://social.example/inbox',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  deliveryCounts: { pending: 0, sent: 3, retrying: 1, failed: 2 },
  deliveries: [
    {
      id: 9,
      articleId: 4,
      activity: 'create',
      inboxUrl: 'https://social.example/inbox',
      status: 'retrying',
      attempts: 2,
      lastError: 'HTTP 503',
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  replies: [
    {
      id: 5,
      articleId: 4,
      handle: '@ann@social.example',
      profileUrl: 'https://social.example/@ann',
      content: 'The numbers are off.',
      status: 'held',
      commentId: null,
      receivedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  blocks: [],
};

const reader: FediverseReader = {
  following: [
    {
      id: 3,
      handle: '@desk@paper.example',
      actorUrl: 'https://paper.example/users/desk',
      status: 'accepted',
      createdAt: '2026-11-20T10:00:00.000Z',
      createdBy: 'owner',
    },
  ],
  posts: [
    {
      id: 7,
      objectId: 'https://paper.example/notes/1',
      url: 'https://paper.example/@desk/1',
      name: null,
      content: 'The bridge reopens on Monday.',
      authorHandle: '@desk@paper.example',
      authorUrl: 'https://paper.example/users/desk',
      publishedAt: '2026-11-20T10:00:00.000Z',
      updatedAt: null,
      replies: [
        {
          id: 11,
          content: 'Thanks for the update.',
          noteId: 'https://news.example/ap/notes/11',
          createdBy: 'editor',
          createdAt: '2026-11-20T11:00:00.000Z',
          deletedAt: null,
          delivery: 'sent',
        },
      ],
    },
  ],
};

const heldSettings: AdminFediverseSettings = { publishReplies: false, updatedAt: null, updatedBy: null };

describe('the Fediverse tab', () => {
  let network: ReturnType<typeof stubFetch>;
  useBrowserDialogs();
  afterEach(() => network.restore());

  it('shows the followers, the deliveries by status and the held replies; publishes a reply and blocks a server', async () => {
    network = stubFetch({
      ...owner,
      'GET /api/admin/fediverse': () => ({ status: 200, body: overview }),
      'GET /api/admin/fediverse/settings': () => ({ status: 200, body: heldSettings }),
      'GET /api/admin/fediverse/reader': () => ({ status: 200, body: reader }),
      'POST /api/admin/fediverse/replies/5': () => ({ status: 200, body: { message: 'Published as a comment.' } }),
      'POST /api/admin/fediverse/blocks': () => ({ status: 200, body: { message: 'spam.example is blocked.' } }),
    });
    renderApp(<AdminApp />, '/admin/fediverse');
    expect(await screen.findByText('@news@news.example')).toBeInTheDocument();
    expect(screen.getByTestId('fediverse-count-followers')).toHaveTextContent('1');
    expect(screen.getByTestId('fediverse-count-failed')).toHaveTextContent('2');
    expect(within(screen.getByTestId('fediverse-follower')).getByRole('link', { name: '@ann@social.example' })).toHaveAttribute(
      'href',
      'https://social.example/users/ann',
    );
    expect(within(screen.getByTestId('fediverse-delivery')).getByText('retrying')).toBeInTheDocument();

    fireEvent.click(within(screen.getByTestId('fediverse-reply')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(network.calls.find((call) => call.path === '/api/admin/fediverse/replies/5')?.body).toEqual({ status: 'published' }));

    fireEvent.change(screen.getByRole('textbox', { name: /Server name/ }), { target: { value: 'spam.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(network.calls.find((call) => call.method === 'POST' && call.path === '/api/admin/fediverse/blocks')?.body).toEqual({
        kind: 'domain',
        value: 'spam.example',
      }),
    );
  });

  it('lets the owner publish fediverse replies at once: the switch saves the setting', async () => {
    let saved = heldSettings;
    network = stubFetch({
      ...owner,
      'GET /api/admin/fediverse': () => ({ status: 200, body: overview }),
      'GET /api/admin/fediverse/settings': () => ({ status: 200, body: saved }),
      'PUT /api/admin/fediverse/settings': () => {
        saved = { publishReplies: true, updatedAt: '2026-11-21T10:00:00.000Z', updatedBy: 'owner' };
        return { status: 200, body: saved };
      },
      'GET /api/admin/fediverse/reader': () => ({ status: 200, body: reader }),
    });
    renderApp(<AdminApp />, '/admin/fediverse');
    const toggle = await screen.findByRole('switch', { name: /Publish fediverse replies at once/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/held here for moderation/)).toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(network.calls.find((call) => call.method === 'PUT' && call.path === '/api/admin/fediverse/settings')?.body).toEqual({ publishReplies: true }),
    );
    expect(await screen.findByText('Replies from the fediverse are published as comments at once.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /Publish fediverse replies at once/ })).toBeChecked());
  });

  it('follows an account by handle, lists what the site follows and the posts it received, replies as the site and deletes a reply', async () => {
    network = stubFetch({
      ...owner,
      'GET /api/admin/fediverse': () => ({ status: 200, body: { ...overview, replies: [] } }),
      'GET /api/admin/fediverse/settings': () => ({ status: 200, body: heldSettings }),
      'GET /api/admin/fediverse/reader': () => ({ status: 200, body: reader }),
      'POST /api/admin/fediverse/following': () => ({ status: 200, body: { message: 'Follow sent.' } }),
      'POST /api/admin/fediverse/posts/7/replies': () => ({ status: 200, body: { message: 'Reply queued.' } }),
      'POST /api/admin/fediverse/sent-replies/11/remove': () => ({ status: 200, body: { message: 'Reply deleted.' } }),
    });
    renderApp(<AdminApp />, '/admin/fediverse');
    const following = await screen.findByTestId('fediverse-following');
    expect(within(following).getByRole('link', { name: '@desk@paper.example' })).toHaveAttribute('href', 'https://paper.example/users/desk');
    expect(within(following).getByText('accepted')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /Account/ }), { target: { value: '@someone@social.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() =>
      expect(network.calls.find((call) => call.method === 'POST' && call.path === '/api/admin/fediverse/following')?.body).toEqual({
        handle: '@someone@social.example',
      }),
    );

    const post = screen.getByTestId('fediverse-post');
    expect(within(post).getByText('The bridge reopens on Monday.')).toBeInTheDocument();
    expect(within(post).getByTestId('fediverse-sent-reply')).toHaveTextContent('Thanks for the update.');
    fireEvent.change(within(post).getByRole('textbox', { name: /Reply as the site/ }), { target: { value: 'Which bridge?' } });
    fireEvent.click(within(post).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(network.calls.find((call) => call.path === '/api/admin/fediverse/posts/7/replies')?.body).toEqual({ content: 'Which bridge?' }));

    fireEvent.click(within(post).getByRole('button', { name: 'Delete reply' }));
    await waitFor(() => expect(network.calls.some((call) => call.method === 'POST' && call.path === '/api/admin/fediverse/sent-replies/11/remove')).toBe(true));
  });

  it("shows a publisher who is not the owner what the site follows and the received posts to reply to, and none of the owner's calls", async () => {
    network = stubFetch({
      'GET /api/admin/check': () => ({
        status: 200,
        body: {
          authenticated: true,
          username: 'sam',
          csrfToken: 'csrf-1',
          account: { username: 'sam', displayName: 'Sam', role: 'editor', permissions: ROLE_PERMISSIONS.editor },
        },
      }),
      'GET /api/admin/fediverse/reader': () => ({ status: 200, body: reader }),
      'POST /api/admin/fediverse/posts/7/replies': () => ({ status: 200, body: { message: 'Reply queued.' } }),
    });
    renderApp(<AdminApp />, '/admin/fediverse');
    const post = await screen.findByTestId('fediverse-post');
    expect(screen.getByTestId('fediverse-following')).toHaveTextContent('@desk@paper.example');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unfollow' })).toBeNull();
    fireEvent.change(within(post).getByRole('textbox', { name: /Reply as the site/ }), { target: { value: 'Noted.' } });
    fireEvent.click(within(post).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(network.calls.find((call) => call.path === '/api/admin/fediverse/posts/7/replies')?.body).toEqual({ content: 'Noted.' }));
    expect(network.calls.some((call) => call.path === '/api/admin/fediverse')).toBe(false);
    expect(network.calls.some((call) => call.path === '/api/admin/fediverse/settings')).toBe(false);
    expect(screen.queryByRole('switch', { name: /Publish fediverse replies at once/ })).toBeNull();
  });
});
