/// <reference types="@rsbuild/core/types" />

/**
 * Where the server wrote the page's top as HTML (see backend/src/modules/seo/first-view.ts), the
 * apps start only once the page has loaded and painted it: their scripts download meanwhile (the
 * server preloads them) but run after the first view is on screen, so it paints without waiting on
 * them. An async boundary either way, so module federation can settle the shared modules first.
 */
function afterFirstView(): Promise<void> {
  if (!document.getElementById('root')?.hasChildNodes()) return Promise.resolve();
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  return loaded.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

void afterFirstView().then(() => import('./bootstrap'));
