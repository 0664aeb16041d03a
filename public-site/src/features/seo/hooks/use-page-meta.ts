import { useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { headElements, type PageMeta } from '@ai-mind/contracts/web';
import { readPageData } from '../../../app/page-data';
import { ServerRender } from '../../../app/server-context';
import { signalPageTitled } from '../page-title-signal';

/** Marks the head elements a page owns; the server writes the same marker into the HTML it sends. */
const MARKER = 'data-seo';

/** Whether the site is an ActivityPub actor, as the server said in the page's data (read once: it does not change). */
let activityPub: boolean | undefined;

/** Replaces the document's page-specific head elements (title, description, social tags, JSON-LD). */
export function applyPageMeta(meta: PageMeta, origin: string = window.location.origin): void {
  const head = document.head;
  activityPub ??= readPageData()?.activityPub !== false;
  head.querySelectorAll(`[${MARKER}], title, meta[name="description"]`).forEach((element) => element.remove());
  for (const { tag, attrs, text } of headElements(meta, origin, { activityPub })) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    element.setAttribute(MARKER, '');
    if (text !== undefined) element.textContent = text;
    head.appendChild(element);
  }
}

/** Applies the page's metadata whenever it changes (null while the page does not know it yet). */
export function usePageMeta(meta: PageMeta | null): void {
  // The serialised form decides when the metadata really changed (callers build a new object each render).
  const key = meta ? JSON.stringify(meta) : null;
  const { pathname } = useLocation();
  // On the server there are no effects: the renderer collects the metadata for the HTML's head.
  const server = useContext(ServerRender);
  if (server && meta) server.onMeta(meta);
  useEffect(() => {
    if (!key) return;
    applyPageMeta(JSON.parse(key) as PageMeta);
    signalPageTitled(pathname, document.title);
  }, [key, pathname]);
}
