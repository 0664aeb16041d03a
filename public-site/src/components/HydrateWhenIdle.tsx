import { use, type ReactNode } from 'react';
import { PAGE_DATA_ELEMENT_ID } from '@ai-mind/contracts/web';

type TrackedPromise = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: void };

let idle: TrackedPromise | null = null;
/** Whether the page came server-rendered (it then carries its data block): only then is there HTML to keep. */
let serverRendered: boolean | undefined;

/** Resolves when the browser is first idle after the page's scripts start (once, for the whole page). */
function browserIdle(): TrackedPromise {
  if (idle) return idle;
  const promise: TrackedPromise = new Promise<void>((resolve) => {
    const done = () => {
      // Marked as React's `use` reads it, so no later render ever suspends on it again.
      promise.status = 'fulfilled';
      resolve();
    };
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: 2000 });
    else setTimeout(done, 200);
  });
  promise.status = 'pending';
  idle = promise;
  return promise;
}

/**
 * Hydrates its children only once the browser is idle, not with the rest of the page: inside a
 * Suspense boundary, the server's HTML stays on screen (it is already the right markup) while React
 * hydrates the page's top, then takes these parts in small tasks of their own. On the server, on a
 * page the server did not render, and once the browser has been idle, it renders its children at
 * once. A click on a part not yet hydrated does what the markup does without scripts (links
 * navigate, the Like form posts).
 */
export function HydrateWhenIdle({ children }: { children: ReactNode }) {
  if (typeof window !== 'undefined' && idle?.status !== 'fulfilled') {
    serverRendered ??= document.getElementById(PAGE_DATA_ELEMENT_ID) !== null;
    if (serverRendered) use(browserIdle() as Promise<void>);
  }
  return children;
}
