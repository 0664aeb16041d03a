import { lazy, useState, type ComponentType } from 'react';

export interface LazyPage {
  /** Renders the page, suspending only if its code was not preloaded. */
  Page: ComponentType;
  /** Fetches the page's code, so a first render can commit it without a fallback. */
  preload: () => Promise<void>;
}

/**
 * A page whose code is its own chunk: each route downloads only what it shows. The page that opens
 * the site is preloaded before the first render (preloadPage), which then commits it at once over the
 * server-written first view instead of a suspense fallback.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const fetchPage = () => (loading ??= load().then((component) => (loaded = component)));
  const Suspending = lazy(() => fetchPage().then((component) => ({ default: component })));
  function Page() {
    // Chosen once per mount, so a page never switches component (and remounts) when its code arrives.
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return <Component />;
  }
  return { Page, preload: () => fetchPage().then(() => undefined) };
}
