import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsroomKeys, type NewsroomTextKey } from '@ai-mind/contracts/web';
import { fetchNewsroomPage } from '../api/newsroom-api';

/** The query of one newsroom page: the page and its server render use it. */
export function newsroomPageQuery(key: NewsroomTextKey) {
  return queryOptions({ queryKey: newsroomKeys.page(key), queryFn: () => fetchNewsroomPage(key) });
}

/** One newsroom page; asked for again as the page mounts, so an owner's edit shows even on a page kept a while. */
export function useNewsroomPage(key: NewsroomTextKey) {
  return useQuery({ ...newsroomPageQuery(key), staleTime: 0 });
}
