import { useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, routeUrl, TOTAL_COUNT_HEADER, type ApiRoute, type RouteAnswer, type RouteQuery } from '@ai-mind/contracts';
import { apiRequest, ApiError } from '@ai-mind/ui';

/** One page of a server-paged admin list, with what its headers said. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  /** Every header, for lists that send more counts. */
  headers: Headers;
}

/** The item of a route that answers a list. */
type ListItem<R extends ApiRoute> = RouteAnswer<R> extends readonly (infer Item)[] ? Item : never;

/** GETs one page of an admin list (a declared route): a plain array body, the cursor and counts in headers. */
export async function fetchPage<R extends ApiRoute>(route: R, query: RouteQuery<R>, cursor?: string): Promise<Page<ListItem<R>>> {
  // An empty filter is not sent at all.
  const sent = Object.fromEntries(Object.entries({ ...query, cursor }).filter(([, value]) => value !== undefined && value !== ''));
  let headers = new Headers();
  const items = await apiRequest<ListItem<R>[]>(routeUrl(route, { query: sent }), { onResponse: (response) => (headers = response.headers) });
  return { items, nextCursor: headers.get(NEXT_CURSOR_HEADER), total: Number(headers.get(TOTAL_COUNT_HEADER) ?? items.length), headers };
}

/** A paged list as one infinite query: page after page by the server's cursor. */
export function usePagedList<T>(queryKey: QueryKey, fetch: (cursor?: string) => Promise<Page<T>>, options: { refetchInterval?: number | false } = {}) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetch(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...options,
  });
}

interface Callbacks<TData, TVars> {
  onSuccess?: (data: TData, variables: TVars) => void;
  onError?: (error: Error, variables: TVars) => void;
}

/**
 * Declares a resource's mutation once, with the queries it makes stale: the returned hook runs the
 * call, invalidates those queries (also after a 409, when someone else changed the resource, so the
 * panel shows their version; after any failure with `evenOnError`) and then runs the component's own
 * callbacks.
 */
export function declareMutation<TVars, TData>(
  mutationFn: (variables: TVars) => Promise<TData>,
  invalidates: (variables: TVars) => readonly QueryKey[],
  options: { evenOnError?: boolean } = {},
) {
  return function useDeclaredMutation(callbacks: Callbacks<TData, TVars> = {}) {
    const queryClient = useQueryClient();
    const invalidate = (variables: TVars) => Promise.all(invalidates(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return useMutation({
      mutationFn,
      onSuccess: async (data, variables) => {
        await invalidate(variables);
        callbacks.onSuccess?.(data, variables);
      },
      onError: (error, variables) => {
        if (options.evenOnError || (error instanceof ApiError && error.status === 409)) void invalidate(variables);
        callbacks.onError?.(error, variables);
      },
    });
  };
}
