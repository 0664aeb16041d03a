import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ADMIN_EVENT_CHANGED, adminKeys, api, articleKeys } from '@ai-mind/contracts';
import { apiAddress } from './api-address';

/** Changes closer together than this (a recovery batch) refetch once. */
const SETTLE_MS = 300;

/** What a committed article change may have moved: the topics' statuses and blogs, and every article view. */
export const LIVE_INVALIDATES = [adminKeys.approvedTopics(), adminKeys.articles(), articleKeys.all] as const;

/**
 * Subscribes the panel to the API's live events (server-sent events; the browser reconnects by
 * itself) and makes the affected queries stale on each, so lists move without Refresh Data.
 * Where EventSource is missing the panel still polls while a topic waits for its blog.
 */
export function useAdminEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(apiAddress(api.admin.liveEvents), { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener(ADMIN_EVENT_CHANGED, () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const queryKey of LIVE_INVALIDATES) void queryClient.invalidateQueries({ queryKey });
      }, SETTLE_MS);
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
