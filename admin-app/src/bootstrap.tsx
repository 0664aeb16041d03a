import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, configureApi } from '@ai-mind/ui';
import AdminApp from './app/AdminApp';
import { StandaloneHeader } from './app/StandaloneHeader';

// Deployed on its own origin, the admin app calls the API origin it was built with (PUBLIC_API_ORIGIN).
configureApi({ baseUrl: process.env.PUBLIC_API_ORIGIN ?? '' });

/** Standalone boot: the admin app with its own providers and router, under a minimal header linking to the site. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <StandaloneHeader />
        <AdminApp />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
