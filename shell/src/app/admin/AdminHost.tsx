import type { ComponentType, ReactNode } from 'react';
import { loadAdminApp, loadSiteFrame } from '../router/remotes';
import { AdminInSiteFrame } from './AdminInSiteFrame';

/**
 * The admin remote in the site's frame. Its own chunk, loaded only on /admin, so the shared router,
 * Mantine and query client are fetched there and nowhere else.
 */
export async function loadAdminHost(): Promise<{ default: ComponentType }> {
  const [{ default: AdminApp }, { default: SiteFrame }] = await Promise.all([loadAdminApp(), loadSiteFrame()]);
  return {
    default: function AdminHost() {
      return <AdminInSiteFrame SiteFrame={SiteFrame as ComponentType<{ children: ReactNode }>} AdminApp={AdminApp} />;
    },
  };
}
