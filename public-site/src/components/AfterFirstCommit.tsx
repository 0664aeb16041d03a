import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children in a transition right after the page's first commit, not in it: for parts
 * below the fold or beside the server-written first view (footer, sidebar), so the commit that
 * replaces the first view is smaller and the main thread gets a break between the two.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
