import { lazy, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@ai-mind/ui';
import { ShellRoutes } from './app/router/ShellRoutes';
import { loadAdminApp, loadPublicApp, registerAppRemotes } from './app/router/remotes';

registerAppRemotes();

// Each remote is fetched the first time a route renders it, so a public page never loads admin code.
const PublicApp = lazy(loadPublicApp);
const AdminApp = lazy(loadAdminApp);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <ShellRoutes PublicApp={PublicApp} AdminApp={AdminApp} />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
