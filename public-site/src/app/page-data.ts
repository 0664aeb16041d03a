import type { QueryClient } from '@tanstack/react-query';
import { articleKeys, PAGE_DATA_ELEMENT_ID, type PageData } from '@ai-mind/contracts/web';

/** The data the server wrote into the page's HTML, if any (the home and article pages). */
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
 * Puts the server's data where the pages' queries look for it, so the first render shows the articles
 * instead of skeletons and a fetch: the same keys and shapes the API helpers produce.
 */
export function seedPageData(client: QueryClient, data: PageData | null): void {
  if (data?.article) client.setQueryData(articleKeys.bySlug(data.article.slug), data.article);
  if (data?.articles) {
    client.setQueryData(articleKeys.list({ category: undefined, search: undefined }), { pages: [data.articles], pageParams: [null] });
  }
}
