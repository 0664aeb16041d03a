import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reportHydrationError } from '@ai-mind/ui';
import PublicRoot, { preloadPage } from './app/PublicRoot';

/**
 * Standalone boot: the public site with its own providers and router, once the opening page's code is
 * in. Where the server rendered the page (the API serves it so) the tree is hydrated, not replaced.
 */
void preloadPage(window.location.pathname).then(() => {
  const container = document.getElementById('root')!;
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, <PublicRoot />, { onRecoverableError: reportHydrationError }));
  else createRoot(container).render(<PublicRoot />);
});
