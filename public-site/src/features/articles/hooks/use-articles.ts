import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { articleKeys } from '@ai-mind/contracts/web';
import { fetchArticleBySlug, fetchArticlePage, type ArticleListFilter } from '../api/articles-api';

/** Published articles, a page at a time; `fetchNextPage` loads more on demand. */
export function useArticleList(filter: ArticleListFilter, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: articleKeys.list({ category: filter.category, search: filter.search }),
    queryFn: ({ pageParam }) => fetchArticlePage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: options.enabled ?? true,
  });
  return { ...query, articles: query.data?.pages.flatMap((page) => page.items) };
}

export function useArticle(slug: string) {
  return useQuery({ queryKey: articleKeys.bySlug(slug), queryFn: () => fetchArticleBySlug(slug) });
}
