import { lazy, startTransition, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isAdminPath, ShellRoutes } from './app/router/ShellRoutes';
import { loadPublicApp, registerAppRemotes } from './app/router/remotes';

registerAppRemotes();

// Each remote is fetched the first time a route renders it, so a public page never loads admin code.
const AdminApp = lazy(() => import('./app/admin/AdminHost').then(({ loadAdminHost }) => loadAdminHost()));

/** A stand-in that throws the load error, so the remote boundary shows it with its reload button. */
function failedApp(error: unknown): ComponentType {
  return function FailedPublicApp() {
    throw error instanceof Error ? error : new Error(String(error));
  };
}

const pathname = window.location.pathname;
const root = createRoot(document.getElementById('root')!);
const render = (PublicApp: ComponentType) => root.render(<ShellRoutes pathname={pathname} PublicApp={PublicApp} AdminApp={AdminApp} />);

if (isAdminPath(pathname)) {
  render(lazy(loadPublicApp));
} else {
  // The server wrote the page's top as plain HTML into #root, and React replaces it on its first
  // commit: the public site is loaded before rendering (a suspended first render would commit the
  // loading spinner over it), and the render is a transition, so React yields to input as it works.
  void loadPublicApp()
    .then(({ default: PublicApp }) => PublicApp, failedApp)
    .then((PublicApp) => startTransition(() => render(PublicApp)));
}
