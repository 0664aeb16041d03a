import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { ShellRoutes } from '../src/app/router/ShellRoutes';

function FakePublicApp() {
  return <p>public site</p>;
}
function FakeAdminApp() {
  return <p>admin app</p>;
}

describe('shell routing', () => {
  it.each([
    ['/', 'public site'],
    ['/article/some-story', 'public site'],
    ['/category/Technology', 'public site'],
    ['/administrator', 'public site'],
    ['/admin', 'admin app'],
    ['/admin/articles', 'admin app'],
  ])('%s goes to the %s', async (path, expected) => {
    render(<ShellRoutes pathname={path} PublicApp={FakePublicApp} AdminApp={FakeAdminApp} />);
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it('loads the admin remote only when an admin route renders', async () => {
    let adminLoads = 0;
    const AdminApp = lazy(async () => {
      adminLoads += 1;
      return { default: FakeAdminApp };
    });
    render(<ShellRoutes pathname="/" PublicApp={FakePublicApp} AdminApp={AdminApp} />);
    await screen.findByText('public site');
    expect(adminLoads).toBe(0);
  });

  it('offers a reload when a remote fails to load', async () => {
    const Broken = lazy(() => Promise.reject(new Error('Remote module public_app/App could not be loaded')));
    const consoleError = console.error;
    console.error = () => undefined;
    try {
      render(<ShellRoutes pathname="/" PublicApp={Broken} AdminApp={FakeAdminApp} />);
      expect(await screen.findByText('This part of the site could not be loaded')).toBeInTheDocument();
      expect(screen.getByText('Remote module public_app/App could not be loaded')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    } finally {
      console.error = consoleError;
    }
  });
});
