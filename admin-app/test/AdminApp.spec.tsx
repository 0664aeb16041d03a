import { fireEvent, screen } from '@testing-library/react';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('admin app sign-in', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  it('shows the login card when there is no session', async () => {
    network = stubFetch({ 'GET /api/admin/check': () => ({ status: 401, body: { error: 'Unauthorized', message: 'No session' } }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
  });

  it("reads 'Logging in...' while working and shows the server's message on failure", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    network = stubFetch({
      'GET /api/admin/check': () => ({ status: 200, body: { authenticated: false } }),
      'POST /api/admin/login': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp(<AdminApp />, '/admin');
    await screen.findByRole('heading', { name: 'Admin Login' });

    fillAndSubmit(' editor ', 'secret');

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(network.calls.at(-1)).toEqual({ method: 'POST', path: '/api/admin/login', body: { username: 'editor', password: 'secret' } });
    answer({ status: 401, body: { error: 'Unauthorized', message: 'Invalid username or password' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    network = stubFetch({
      'GET /api/admin/check': () => ({ status: 200, body: { authenticated: false } }),
      'POST /api/admin/login': () => ({ status: 502, body: '<html>Bad gateway</html>' }),
    });
    renderApp(<AdminApp />, '/admin');
    await screen.findByRole('heading', { name: 'Admin Login' });
    fillAndSubmit('editor', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('asks for the emailed code when the server refused the sign-in and sent one, and sends it with the password', async () => {
    const offer = 'If this account has an email address, we sent it a sign-in code: enter it with your password.';
    const answers = [
      {
        status: 429,
        body: {
          error: 'Too Many Requests',
          message: 'This username has had all the sign-in attempts it allows for now.',
          details: [{ path: 'code', message: offer }],
        },
      },
      { status: 401, body: { error: 'Unauthorized', message: 'Invalid username or password' } },
    ];
    network = stubFetch({
      'GET /api/admin/check': () => ({ status: 200, body: { authenticated: false } }),
      'POST /api/admin/login': () => answers.shift()!,
    });
    renderApp(<AdminApp />, '/admin');
    await screen.findByRole('heading', { name: 'Admin Login' });
    expect(screen.queryByLabelText(/Sign-in code/)).toBeNull();

    fillAndSubmit('editor', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('This username has had all the sign-in attempts it allows for now.');
    expect(await screen.findByLabelText(/Sign-in code/)).toHaveAccessibleDescription(offer);

    fireEvent.change(screen.getByLabelText(/Sign-in code/), { target: { value: ' 1234-5678-9012 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(network.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/login',
      body: { username: 'editor', password: 'secret', code: '1234-5678-9012' },
    });
    // A refusal that offers no code leaves the field there for the code that came.
    expect(screen.getByLabelText(/Sign-in code/)).toBeInTheDocument();
  });

  it('does not send a login without both fields', async () => {
    network = stubFetch({ 'GET /api/admin/check': () => ({ status: 200, body: { authenticated: false } }) });
    renderApp(<AdminApp />, '/admin');
    await screen.findByRole('heading', { name: 'Admin Login' });
    fillAndSubmit('   ', 'secret');
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the panel once the session check says authenticated', async () => {
    network = stubFetch({ 'GET /api/admin/check': () => ({ status: 200, body: { authenticated: true, username: 'editor' } }) });
    renderApp(<AdminApp />, '/admin');
    expect(await screen.findByText('Signed in as editor')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).toBeNull();
  });
});
