import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DIGEST_TESTS_PER_HOUR } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const NEWSLETTER = {
  ...SIGNED_IN,
  'GET /api/admin/newsletter/settings': () => ({ status: 200, body: { cadence: 'off', weekday: 1, sendTime: '08:00', nextSendAt: null } }),
  'GET /api/admin/newsletter/digests': () => ({ status: 200, body: [], headers: { 'x-total-count': '0' } }),
  'GET /api/admin/newsletter/subscribers': () => ({ status: 200, body: [], headers: { 'x-total-count': '0' } }),
  'GET /api/admin/newsletter/subscribers/counts': () => ({ status: 200, body: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 } }),
};

describe("the Newsletter tab's digest test", () => {
  let network: ReturnType<typeof stubFetch>;
  const dialogs = useBrowserDialogs();
  afterEach(() => network.restore());

  it("sends the test to the editor's own account address: the request names none, and the server's answer says where it went", async () => {
    let tests = 0;
    network = stubFetch({
      ...NEWSLETTER,
      'POST /api/admin/newsletter/test': () =>
        ++tests > DIGEST_TESTS_PER_HOUR
          ? {
              status: 429,
              body: { error: 'Too Many Requests', message: `You can send ${DIGEST_TESTS_PER_HOUR} tests of the digest an hour. Try again in 59 minutes.` },
            }
          : { status: 200, body: { message: 'Test sent to editor@example.com.' } },
    });
    renderApp(<AdminApp />, '/admin/newsletter');
    const send = await screen.findByRole('button', { name: 'Send me a test' });
    expect(screen.queryByLabelText('Send a test to')).not.toBeInTheDocument();

    fireEvent.click(send);
    expect(await screen.findByText('Test sent to editor@example.com.')).toBeInTheDocument();
    const posted = network.calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/newsletter/test');
    expect(posted).toEqual([expect.objectContaining({ body: undefined })]);

    tests = DIGEST_TESTS_PER_HOUR;
    fireEvent.click(send);
    await waitFor(() => expect(dialogs.alerts).toEqual([expect.stringContaining(`${DIGEST_TESTS_PER_HOUR} tests of the digest an hour`)]));
  });
});
