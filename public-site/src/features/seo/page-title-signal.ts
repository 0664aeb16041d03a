/**
 * Tells the page-view tracker when the page it counts has its own title: on a client-side route change
 * the new page sets its metadata only once its data arrives, and until then the document still carries
 * the previous page's title.
 */
let titled: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();

/** Called whenever a page's metadata has been written to the document. */
export function signalPageTitled(path: string, title: string): void {
  titled = { path, title };
  for (const listener of [...listeners]) listener();
}

/**
 * Calls back once with the title of `path` as soon as that page has set it, or with the document's
 * title after `timeoutMs` (a page that never sets one). Returns a cancel function.
 */
export function whenPageTitled(path: string, timeoutMs: number, callback: (title: string) => void): () => void {
  if (titled?.path === path) {
    callback(titled.title);
    return () => undefined;
  }
  const finish = (title: string) => {
    cancel();
    callback(title);
  };
  const listener = () => {
    if (titled?.path === path) finish(titled.title);
  };
  const timer = setTimeout(() => finish(document.title), timeoutMs);
  listeners.add(listener);
  function cancel() {
    clearTimeout(timer);
    listeners.delete(listener);
  }
  return cancel;
}
