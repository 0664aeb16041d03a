import type { ComponentType } from 'react';
import { RemoteBoundary, RemoteErrorBoundary } from '../layout/RemoteBoundary';

interface ShellRoutesProps {
  /** The path the page was loaded at: the two apps never link to each other, so it settles the app. */
  pathname: string;
  /** The remotes' roots, usually React.lazy over a remote loader; each brings its own router. */
  PublicApp: ComponentType;
  AdminApp: ComponentType;
  /**
   * The public app is loaded and hydrates the page the server rendered: no Suspense boundary around
   * it, since the server rendered none (a boundary the HTML lacks would fail hydration).
   */
  hydrating?: boolean;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * /admin and /admin/* belong to the admin app; every other path to the public site. Chosen by path
 * rather than by a router, so a public page loads no router, theme or query client of the shell's.
 */
export function ShellRoutes({ pathname, PublicApp, AdminApp, hydrating = false }: ShellRoutesProps) {
  if (hydrating && !isAdminPath(pathname)) {
    return (
      <RemoteErrorBoundary>
        <PublicApp />
      </RemoteErrorBoundary>
    );
  }
  return <RemoteBoundary>{isAdminPath(pathname) ? <AdminApp /> : <PublicApp />}</RemoteBoundary>;
}
