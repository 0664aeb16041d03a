/// <reference types="@rsbuild/core/types" />

/**
 * Where the server rendered the page (the public site's server entry, backend/src/modules/seo), the
 * apps start only once the page has loaded and painted it: their scripts download meanwhile (the
 * server preloads them) but hydrate after the page is on screen, so it paints without waiting on
 * them; a Like clicked before then is a form the server records. An async boundary either way, so
 * module federation can settle the shared modules first.
 */
function afterFirstView(): Promise<void> {
  if (!document.getElementById('root')?.hasChildNodes()) return Promise.resolve();
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  return loaded.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

void afterFirstView().then(() => import('./bootstrap'));
