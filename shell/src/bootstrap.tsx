import { lazy, startTransition, useLayoutEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isAdminPath, ShellRoutes } from './app/router/ShellRoutes';
import { loadPublicApp, registerAppRemotes } from './app/router/remotes';

registerAppRemotes();

/**
 * What the hydrating root could not hydrate (React then renders that part again): logged with the
 * prefix of libs/ui's reportHydrationError, which the end-to-end suites fail on. Not imported from
 * libs/ui, which the shell shares whole: a public page would download its Mantine.
 */
function reportHydrationError(error: unknown, info?: { componentStack?: string }): void {
  // eslint-disable-next-line no-console -- the one place a hydration failure is reported
  console.error(`[hydration] ${error instanceof Error ? error.message : String(error)}`, info?.componentStack ?? '');
}

// Each remote is fetched the first time a route renders it, so a public page never loads admin code.
const AdminApp = lazy(() => import('./app/admin/AdminHost').then(({ loadAdminHost }) => loadAdminHost()));

/**
 * Says when React owns the public page: at the first commit of its root (hydrated, or rendered where
 * the server sent no markup), `data-hydrated` on <html> and a 'hydrated' performance mark. The
 * benchmark times the gap from the first control on screen to this mark; browser tests wait for it.
 */
function HydratedMarker() {
  useLayoutEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('hydrated');
  }, []);
  return null;
}

/** A stand-in that throws the load error, so the remote boundary shows it with its reload button. */
function failedApp(error: unknown): ComponentType {
  return function FailedPublicApp() {
    throw error instanceof Error ? error : new Error(String(error));
  };
}

const pathname = window.location.pathname;
const container = document.getElementById('root')!;

if (isAdminPath(pathname)) {
  createRoot(container).render(<ShellRoutes pathname={pathname} PublicApp={lazy(loadPublicApp)} AdminApp={AdminApp} />);
} else {
  // The server rendered the whole public page from the public site's own components: once the site
  // and the opening page's code are in, React hydrates that tree (events on it are replayed) instead
  // of replacing it. Without server markup (the API not serving the site's server entry), it renders.
  void loadPublicApp()
    .then(
      ({ default: PublicApp }) => ({ PublicApp, loaded: true }),
      (error: unknown) => ({ PublicApp: failedApp(error), loaded: false }),
    )
    .then(({ PublicApp, loaded }) => {
      if (loaded && container.firstElementChild) {
        // As a transition, hydration yields to the browser every few milliseconds instead of holding
        // the main thread for the whole page (the blocking time of a phone); a click on a part not yet
        // hydrated hydrates that part at once and is replayed.
        startTransition(
          () =>
            void hydrateRoot(
              container,
              <>
                <ShellRoutes pathname={pathname} PublicApp={PublicApp} AdminApp={AdminApp} hydrating />
                <HydratedMarker />
              </>,
              { onRecoverableError: reportHydrationError },
            ),
        );
      } else {
        const root = createRoot(container);
        startTransition(() =>
          root.render(
            <>
              <ShellRoutes pathname={pathname} PublicApp={PublicApp} AdminApp={AdminApp} />
              <HydratedMarker />
            </>,
          ),
        );
      }
    });
}
