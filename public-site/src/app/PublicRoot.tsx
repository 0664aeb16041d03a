import { StrictMode, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BaseProviders, createQueryClient } from '@ai-mind/ui';
import PublicApp from './PublicApp';

export { preloadPage } from './PublicApp';
import { readPageData, seedPageData } from './page-data';

/** The site's tree around a router: the browser's here, a static one in server.tsx, so both render the same. */
export function PublicTree({ router: Router, queryClient }: { router: (props: { children: ReactNode }) => ReactNode; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <Router>
        <BaseProviders queryClient={queryClient}>
          <PublicApp />
        </BaseProviders>
      </Router>
    </StrictMode>
  );
}

/**
 * The public site whole: its own router and providers around its routes. The shell mounts this for
 * every non-admin path, and bootstrap.tsx when the site boots on its own; both hydrate the HTML the
 * server rendered from the same tree (server.tsx), with the queries it was rendered with.
 */
export default function PublicRoot() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedPageData(client, readPageData());
    return client;
  });
  return <PublicTree router={BrowserRouter} queryClient={queryClient} />;
}
