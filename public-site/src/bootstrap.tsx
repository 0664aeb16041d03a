import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@ai-mind/ui';
import PublicApp from './app/PublicApp';

/** Standalone boot: the public site with its own providers and router. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <PublicApp />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
