import { callApi } from '@ai-mind/ui';
import { publicApi, NEXT_CURSOR_HEADER, type PublicArticle, type PublicArticlePage } from '@ai-mind/contracts/web';

export interface ArticleListFilter {
  category?: string;
  search?: string;
}

/**
 * One page of published articles; the list is a plain array and the next cursor comes in a header.
 * An unknown category (404) or a cursor the API refuses (400) is an empty page marked `missing`, as
 * an unknown article is null.
 */
export async function fetchArticlePage(filter: ArticleListFilter, cursor?: string | null): Promise<PublicArticlePage> {
  // An empty filter or cursor is not sent: the address leaves undefined fields out.
  const query = { approved: 'true' as const, category: filter.category || undefined, search: filter.search || undefined, cursor: cursor || undefined };
  let nextCursor: string | null = null;
  try {
    const items = await callApi(publicApi.articles.listPublished, {
      query,
      onResponse: (response) => {
        nextCursor = response.headers.get(NEXT_CURSOR_HEADER);
      },
    });
    return { items, nextCursor };
  } catch (error) {
    const status = error instanceof Error ? error.message.slice(0, 4) : '';
    if ((filter.category && status === '404:') || (cursor && status === '400:')) return { items: [], nextCursor: null, missing: true };
    throw error;
  }
}

/** The article with how it was made, or null when there is no published article with that slug. */
export async function fetchArticleBySlug(slug: string): Promise<PublicArticle | null> {
  try {
    return await callApi(publicApi.articles.bySlug, { params: { slug } });
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('404:')) return null;
    throw error;
  }
}

/** Every correction and update note of the published articles, newest first. */
export const fetchCorrections = () => callApi(publicApi.listCorrections);
