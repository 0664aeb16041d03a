import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { articleKeys } from '@ai-mind/contracts/web';
import { fetchArticleBySlug, fetchArticlePage, type ArticleListFilter } from '../api/articles-api';

/** The query of a list of published articles: the hook below and the server render both use it. */
export function articleListQuery(filter: ArticleListFilter) {
  return infiniteQueryOptions({
    queryKey: articleKeys.list({ category: filter.category, search: filter.search }),
    queryFn: ({ pageParam }) => fetchArticlePage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The query of one article by slug (null when there is none): the hook below and the server render use it. */
export function articleQuery(slug: string) {
  return queryOptions({ queryKey: articleKeys.bySlug(slug), queryFn: () => fetchArticleBySlug(slug) });
}

/** Published articles, a page at a time; `fetchNextPage` loads more on demand. */
export function useArticleList(filter: ArticleListFilter, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...articleListQuery(filter), enabled: options.enabled ?? true });
  return { ...query, articles: query.data?.pages.flatMap((page) => page.items) };
}

export function useArticle(slug: string) {
  return useQuery(articleQuery(slug));
}
