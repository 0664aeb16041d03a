import { apiRequest } from '@ai-mind/ui';
import { NEXT_CURSOR_HEADER, type Article, type ArticleSummary } from '@ai-mind/contracts/web';

export interface ArticleListFilter {
  category?: string;
  search?: string;
}

export interface ArticlePage {
  items: ArticleSummary[];
  nextCursor: string | null;
}

/** One page of published articles; the list is a plain array and the next cursor comes in a header. */
export async function fetchArticlePage(filter: ArticleListFilter, cursor?: string | null): Promise<ArticlePage> {
  const query = new URLSearchParams({ approved: 'true' });
  if (filter.category) query.set('category', filter.category);
  if (filter.search) query.set('search', filter.search);
  if (cursor) query.set('cursor', cursor);
  let nextCursor: string | null = null;
  const items = await apiRequest<ArticleSummary[]>(`/api/articles?${query}`, {
    onResponse: (response) => {
      nextCursor = response.headers.get(NEXT_CURSOR_HEADER);
    },
  });
  return { items, nextCursor };
}

/** The article, or null when there is no published article with that slug. */
export async function fetchArticleBySlug(slug: string): Promise<Article | null> {
  try {
    return await apiRequest<Article>(`/api/articles/slug/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('404:')) return null;
    throw error;
  }
}
