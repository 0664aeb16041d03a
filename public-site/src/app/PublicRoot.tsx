import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@ai-mind/ui';
import PublicApp from './PublicApp';

/**
 * The public site whole: its own router and providers around its routes. The shell mounts this for
 * every non-admin path, and bootstrap.tsx when the site boots on its own; sharing only React with the
 * shell keeps Mantine, the router and the query client tree-shaken to what the site uses.
 */
export default function PublicRoot() {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <PublicApp />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
}
