import { StrictMode, type ComponentType } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@ai-mind/ui';
import { loadAdminApp } from '../router/remotes';

/**
 * The admin remote inside the router and providers it expects from its host. Its own chunk, loaded
 * only on /admin, so the shared router, Mantine and query client are fetched there and nowhere else.
 */
export async function loadAdminHost(): Promise<{ default: ComponentType }> {
  const { default: AdminApp } = await loadAdminApp();
  return {
    default: function AdminHost() {
      return (
        <StrictMode>
          <BrowserRouter>
            <AppProviders>
              <AdminApp />
            </AppProviders>
          </BrowserRouter>
        </StrictMode>
      );
    },
  };
}
