import { fireEvent, screen, waitFor } from '@testing-library/react';
import { NEWSROOM_TEXT_KEYS, NEWSROOM_TEXTS, type AdminMastheadEntry, type AdminNewsroomPage } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const pages = (): AdminNewsroomPage[] =>
  NEWSROOM_TEXT_KEYS.map((key) => ({
    key,
    title: NEWSROOM_TEXTS[key].title,
    path: NEWSROOM_TEXTS[key].path,
    body: `<p>${NEWSROOM_TEXTS[key].title} text.</p>`,
    updatedAt: null,
    updatedBy: null,
    revisions: 0,
  }));

const dana: AdminMastheadEntry = {
  accountId: 4,
  displayName: 'Dana Reyes',
  role: 'editor',
  active: true,
  onMasthead: false,
  publicTitle: '',
  updatedAt: null,
  updatedBy: null,
};

describe('the Newsroom tab', () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  afterEach(() => network.restore());

  it("edits a text (sent as the owner typed it, the server's refusal shown with its details) and names a person on the masthead", async () => {
    let refuse = true;
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/admin/newsroom': () => ({ status: 200, body: pages() }),
      'GET /api/admin/newsroom/masthead': () => ({ status: 200, body: [dana] }),
      'PUT /api/admin/newsroom/correctionsPolicy': () =>
        refuse
          ? { status: 400, body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'body', message: 'has no text once sanitized' }] } }
          : { status: 200, body: { ...pages()[1]!, body: '<p>Fixed in public.</p>', updatedAt: '2026-11-29T11:00:00.000Z', updatedBy: 'owner', revisions: 1 } },
      'PUT /api/admin/newsroom/masthead/4': () => ({ status: 200, body: { ...dana, onMasthead: true, publicTitle: 'Editor-in-chief', updatedBy: 'owner' } }),
    });
    renderApp(<AdminApp />, '/admin/newsroom');
    fireEvent.click(await screen.findByRole('radio', { name: 'Corrections policy' }));
    const text = await screen.findByDisplayValue('<p>Corrections policy text.</p>');
    fireEvent.change(text, { target: { value: '<p>Fixed in public.</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([expect.stringContaining('has no text once sanitized')]));

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    await waitFor(() =>
      expect(network.calls.filter((call) => call.method === 'PUT' && call.path === '/api/admin/newsroom/correctionsPolicy').at(-1)?.body).toEqual({
        body: '<p>Fixed in public.</p>',
      }),
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Name Dana Reyes on the masthead' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Public title of Dana Reyes' }), { target: { value: 'Editor-in-chief' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(network.calls.find((call) => call.method === 'PUT' && call.path === '/api/admin/newsroom/masthead/4')?.body).toEqual({
        onMasthead: true,
        publicTitle: 'Editor-in-chief',
      }),
    );
  });
});
