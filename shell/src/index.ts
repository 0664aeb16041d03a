/// <reference types="@rsbuild/core/types" />

/** Resolves once the page is on screen: its largest contentful paint so far has been presented. */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    // Hidden pages are not painted (nor is their paint reported); a browser without the entry type
    // or a page without contentful paint goes on after a moment.
    if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver(done);
    const timer = setTimeout(done, 500);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * Where the server rendered the page (the public site's server entry, backend/src/modules/seo), the
 * apps start only once the page has loaded and painted it: their scripts are requested after that
 * paint and hydrate after it, so the page's largest paint never waits for (or shares the network
 * with) them; a Like clicked before then is a form the server records. An async boundary either
 * way, so module federation can settle the shared modules first.
 */
function afterFirstView(): Promise<void> {
  if (!document.getElementById('root')?.hasChildNodes()) return Promise.resolve();
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  return loaded.then(painted);
}

void afterFirstView().then(() => import('./bootstrap'));
