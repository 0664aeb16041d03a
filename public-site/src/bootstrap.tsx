import { createRoot } from 'react-dom/client';
import PublicRoot from './app/PublicRoot';

/** Standalone boot: the public site with its own providers and router. */
createRoot(document.getElementById('root')!).render(<PublicRoot />);
