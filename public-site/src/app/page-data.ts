import { hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@ai-mind/contracts/web';
import type { PageState } from './page-state';

/** The data the server rendered the page with, if the page was server-rendered. */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

/**
 * Puts the server's queries into the client's cache, so the first client render is the tree the
 * server rendered (hydration, not a re-render) and fetches nothing.
 */
export function seedPageData(client: QueryClient, data: PageData | null): void {
  if (data?.queries && typeof data.queries === 'object') hydrate(client, data.queries);
}

/** The form outcome and the missing images the server rendered the page with (none for a page it did not render). */
export function pageStateOf(data: PageData | null): PageState {
  const missing = new Set(data?.missingImages ?? []);
  return { flash: data?.flash ?? null, imageMissing: (src) => missing.has(src) };
}
