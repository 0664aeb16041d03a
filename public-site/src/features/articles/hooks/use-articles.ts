import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { articleKeys } from '@ai-mind/contracts/web';
import { fetchArticleBySlug, fetchArticlePage, fetchCorrections, type ArticleListFilter } from '../api/articles-api';

/**
 * The query of a list of published articles: the hook below and the server render both use it.
 * `from` is the cursor a page's address starts the list at (?cursor=, the no-JavaScript "Load more").
 */
export function articleListQuery(filter: ArticleListFilter, from: string | null = null) {
  const list = articleKeys.list({ category: filter.category, search: filter.search });
  return infiniteQueryOptions({
    queryKey: from ? ([...list, { from }] as const) : list,
    queryFn: ({ pageParam }) => fetchArticlePage(filter, pageParam),
    initialPageParam: from,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The query of one article by slug (null when there is none): the hook below and the server render use it. */
export function articleQuery(slug: string) {
  return queryOptions({ queryKey: articleKeys.bySlug(slug), queryFn: () => fetchArticleBySlug(slug) });
}

/** Published articles, a page at a time; `fetchNextPage` loads more on demand. */
export function useArticleList(filter: ArticleListFilter, options: { enabled?: boolean; from?: string | null } = {}) {
  const query = useInfiniteQuery({ ...articleListQuery(filter, options.from ?? null), enabled: options.enabled ?? true });
  const nextCursor = query.data?.pages.at(-1)?.nextCursor ?? null;
  return {
    ...query,
    articles: query.data?.pages.flatMap((page) => page.items),
    /** The list does not exist (an unknown category). */
    missing: query.data?.pages[0]?.missing === true,
    /** The address of the next page of the list, for readers without JavaScript. */
    nextHref: nextCursor ? `?${new URLSearchParams({ cursor: nextCursor })}` : undefined,
  };
}

/** The cursor the page's address starts its list at, if any. */
export function useListStart(params: URLSearchParams): string | null {
  return params.get('cursor') || null;
}

/**
 * One article. The server-rendered page may come from its cache, rendered before the latest likes,
 * shares and comments: the article it was rendered with shows at once and is asked for again as the
 * page mounts (a prepared answer, with the counts of now).
 */
export function useArticle(slug: string) {
  return useQuery({ ...articleQuery(slug), staleTime: 0 });
}

/** The query of every correction and update note: the /corrections page and its server render use it. */
export function correctionsQuery() {
  return queryOptions({ queryKey: articleKeys.corrections(), queryFn: fetchCorrections });
}

/** Every correction and update note, newest first; asked for again as the page mounts, like an article. */
export function useCorrections() {
  return useQuery({ ...correctionsQuery(), staleTime: 0 });
}
