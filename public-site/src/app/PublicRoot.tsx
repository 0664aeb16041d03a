import { StrictMode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from '@ai-mind/ui';
import PublicApp from './PublicApp';

export { preloadPage } from './PublicApp';
import { readPageData, seedPageData } from './page-data';

/**
 * The public site whole: its own router and providers around its routes. The shell mounts this for
 * every non-admin path, and bootstrap.tsx when the site boots on its own; sharing only React with the
 * shell keeps Mantine, the router and the query client tree-shaken to what the site uses.
 */
export default function PublicRoot() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedPageData(client, readPageData());
    return client;
  });
  return (
    <StrictMode>
      <BrowserRouter>
        <AppProviders queryClient={queryClient}>
          <PublicApp />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );
}
