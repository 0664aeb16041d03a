/* global document, window, requestAnimationFrame */
/**
 * The shell's entry, requested once the page is on screen. The HTML names this small script in place
 * of the entry (`data-entry`, rsbuild.config.ts): a server-rendered page then paints, its top image
 * included, before the browser fetches the federation runtime, instead of sharing the network with it.
 * Pages without server-rendered content (the admin app, the standalone shell) start at once.
 */
(() => {
const script = document.currentScript;
const entry = script && script.dataset.entry;

function load() {
  if (!entry) return;
  const element = document.createElement('script');
  element.src = entry;
  document.head.appendChild(element);
}

function painted(then) {
  if (document.visibilityState !== 'visible' || !(PerformanceObserver.supportedEntryTypes || []).includes('largest-contentful-paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver(done);
  const timer = setTimeout(done, 500);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

const root = document.getElementById('root');
if (!root || !root.hasChildNodes()) load();
else if (document.readyState === 'complete') painted(load);
else window.addEventListener('load', () => painted(load), { once: true });
})();
