import { StrictMode, useMemo, type ReactNode } from 'react';
import { createPath, parsePath, Router, type Navigator, type To } from 'react-router';
import { BaseProviders } from '@ai-mind/ui';
import { SiteLayout } from './SiteLayout';

const href = (to: To) => createPath(typeof to === 'string' ? parsePath(to) : to);

/**
 * Links in the frame leave the page it frames: the framed app (the admin panel) has its own router and
 * the shell picks the app by the path it loads, so following a header or footer link is a page load.
 */
const pageLoadNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/**
 * The site's chrome of docs/product.md#pages (header with navigation and search, footer, cookie consent
 * banner) around another app's content, with its own providers. The shell frames the admin panel at
 * /admin with it; `children` is where that app is mounted.
 */
export default function SiteFrame({ children }: { children: ReactNode }) {
  const location = useMemo(() => ({ pathname: window.location.pathname, search: window.location.search, hash: '' }), []);
  return (
    <StrictMode>
      <Router location={location} navigator={pageLoadNavigator}>
        <BaseProviders>
          <SiteLayout>{children}</SiteLayout>
        </BaseProviders>
      </Router>
    </StrictMode>
  );
}
