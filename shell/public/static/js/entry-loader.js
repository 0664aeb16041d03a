/* global document, window, requestAnimationFrame */
/**
 * The shell's entry, requested once the page is on screen. The HTML names this small script in place
 * of the entry (`data-entry`, rsbuild.config.ts): a server-rendered page then paints, its top image
 * included, before the browser fetches the federation runtime, instead of sharing the network with it.
 * It waits for that image (the one with fetchpriority="high", the page's largest paint) or, on a page
 * without one, for the parsed page, and for their paint; not for the load event, which also waits for
 * every other image and kept the page's controls dead for up to a second more on a phone.
 * Pages without server-rendered content (the admin app, the standalone shell) start at once.
 *
 * With the entry, it requests every script the page hydrates on that the server listed
 * (`#ai-mind-after-paint`, backend public-page-preloads.ts): the federation runtime would otherwise
 * find each only once the one before it had run (entry, manifest, remote entry, the site's chunks),
 * a round trip apiece on a phone's network before the page works. The opening route's page chunk,
 * which the site requests only once its app has run, is among them: the list names each route's
 * pattern (libs/contracts public-routes.ts), matched here as the router does, first match wins.
 */
(() => {
  const script = document.currentScript;
  const entry = script && script.dataset.entry;

  function preload(href, as) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    // The runtime fetches the manifest in CORS mode; a preload is reused only by a request of its mode.
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }

  /** Whether a route pattern ('/article/:slug', '*') matches the path, case-insensitively as the router does. */
  function matches(pattern, pathname) {
    if (pattern === '*') return true;
    const wanted = pattern.split('/').filter(Boolean);
    const parts = pathname.split('/').filter(Boolean);
    return wanted.length === parts.length && wanted.every((part, i) => part[0] === ':' || part.toLowerCase() === parts[i].toLowerCase());
  }

  function preloadListed() {
    const listed = document.getElementById('ai-mind-after-paint');
    if (!listed) return;
    const { fetches = [], styles = [], scripts = [], pages = [] } = JSON.parse(listed.textContent || '{}');
    const opening = pages.find(([pattern]) => matches(pattern, window.location.pathname));
    fetches.forEach((href) => preload(href, 'fetch'));
    styles.forEach((href) => preload(href, 'style'));
    [...scripts, ...(opening ? opening[1] : [])].forEach((href) => preload(href, 'script'));
  }

  function load() {
    if (!entry) return;
    // The entry first: it runs while the rest arrives (a browser opens only a few connections at once).
    const element = document.createElement('script');
    element.src = entry;
    document.head.appendChild(element);
    preloadListed();
  }

  /**
   * Calls `then` once the next frame is on screen: a frame's rendering follows its animation-frame
   * callbacks, so a task queued from one runs after that paint. (Not a largest-contentful-paint entry
   * naming the top image: the browser reports one only for a paint larger than any before it, so where
   * text outsizes the image, none ever came and the scripts waited out a half-second timeout.)
   */
  function nextPaint(then) {
    requestAnimationFrame(() => setTimeout(then, 0));
  }

  /** Calls `then` once the page's first view, its top image included, is on screen. */
  function firstViewPainted(then) {
    const image = document.querySelector('img[fetchpriority="high"]');
    if (!image || image.complete) {
      nextPaint(then);
      return;
    }
    image.addEventListener('load', () => nextPaint(then), { once: true });
    image.addEventListener('error', () => nextPaint(then), { once: true });
  }

  const root = document.getElementById('root');
  // A deferred script runs once the document is parsed: the whole server-rendered page is in the DOM.
  if (!root || !root.hasChildNodes()) load();
  else firstViewPainted(load);
})();
