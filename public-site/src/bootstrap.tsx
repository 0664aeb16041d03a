import { createRoot } from 'react-dom/client';
import PublicRoot, { preloadPage } from './app/PublicRoot';

/** Standalone boot: the public site with its own providers and router, once the opening page's code is in. */
void preloadPage(window.location.pathname).then(() => createRoot(document.getElementById('root')!).render(<PublicRoot />));
