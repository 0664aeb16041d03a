import { lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { ShellRoutes } from './app/router/ShellRoutes';
import { loadPublicApp, registerAppRemotes } from './app/router/remotes';

registerAppRemotes();

// Each remote is fetched the first time a route renders it, so a public page never loads admin code.
const PublicApp = lazy(loadPublicApp);
const AdminApp = lazy(() => import('./app/admin/AdminHost').then(({ loadAdminHost }) => loadAdminHost()));

createRoot(document.getElementById('root')!).render(<ShellRoutes pathname={window.location.pathname} PublicApp={PublicApp} AdminApp={AdminApp} />);
