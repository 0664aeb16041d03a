import { useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@ai-mind/contracts';
import { apiRequest, ApiError } from '@ai-mind/ui';

/** One page of a server-paged admin list, with what its headers said. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  /** Every header, for lists that send more counts. */
  headers: Headers;
}

/** GETs one page of an admin list: a plain array body, the cursor and counts in headers. */
export async function fetchPage<T>(path: string, query: Record<string, string | number | undefined>, cursor?: string): Promise<Page<T>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, cursor })) if (value !== undefined && value !== '') params.set(key, String(value));
  let headers = new Headers();
  const items = await apiRequest<T[]>(`${path}${params.size ? `?${params}` : ''}`, { onResponse: (response) => (headers = response.headers) });
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
