import { StrictMode, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BaseProviders, createQueryClient } from '@ai-mind/ui';
import PublicApp from './PublicApp';
import { PageStateProvider, type PageState } from './page-state';

export { preloadPage } from './PublicApp';
import { pageStateOf, readPageData, seedPageData } from './page-data';

/** The site's tree around a router: the browser's here, a static one in server.tsx, so both render the same. */
export function PublicTree({
  router: Router,
  queryClient,
  pageState,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  queryClient: QueryClient;
  pageState: PageState;
}) {
  return (
    <StrictMode>
      <Router>
        <PageStateProvider state={pageState}>
          <BaseProviders queryClient={queryClient}>
            <PublicApp />
          </BaseProviders>
        </PageStateProvider>
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
  const [{ queryClient, pageState }] = useState(() => {
    const data = readPageData();
    const client = createQueryClient();
    seedPageData(client, data);
    return { queryClient: client, pageState: pageStateOf(data) };
  });
  return <PublicTree router={BrowserRouter} queryClient={queryClient} pageState={pageState} />;
}
