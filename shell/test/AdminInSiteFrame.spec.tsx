import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { AdminInSiteFrame } from '../src/app/admin/AdminInSiteFrame';

/** Stands in for the public site's frame: a router of its own, a header link and a footer. */
function FakeSiteFrame({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <header>
        <Link to="/about">About</Link>
      </header>
      <main>{children}</main>
      <footer>© 2024 The AI Mind</footer>
    </MemoryRouter>
  );
}

function FakeAdminApp() {
  const { pathname } = useLocation();
  return <h1>Admin Dashboard at {pathname}</h1>;
}

describe('/admin in the site frame', () => {
  it('renders the panel, with its own router, between the site header and footer', async () => {
    window.history.pushState({}, '', '/admin/articles');
    render(<AdminInSiteFrame SiteFrame={FakeSiteFrame} AdminApp={FakeAdminApp} />);
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Admin Dashboard at /admin/articles' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 The AI Mind');
  });
});
