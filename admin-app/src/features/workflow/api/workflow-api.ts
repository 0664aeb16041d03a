import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminKeys, api, articleKeys, TOTAL_COUNT_HEADER, type ApprovedTopic } from '@ai-mind/contracts';
import { callApi } from '@ai-mind/ui';

/** The newest approved topics, and how many there are in all (the list is capped by the server). */
export async function fetchApprovedTopics(): Promise<ApprovedTopic[] & { total?: number }> {
  let total: number | undefined;
  const topics = await callApi(api.admin.topics.listApproved, {
    onResponse: (response) => {
      const header = response.headers.get(TOTAL_COUNT_HEADER);
      total = header === null ? undefined : Number(header);
    },
  });
  return Object.assign(topics, { total });
}

/** How often the panel asks again while a topic waits for its blog; it does not ask at all otherwise. */
export const WAITING_POLL_MS = 5000;

/** A topic this long without its blog is stuck (the automation service never answered): no longer asked about. */
export const WAITING_LIMIT_MS = 60 * 60 * 1000;
const PENDING_STATUSES = new Set(['queued', 'generating', 'sent_to_automation']);

/** Waiting for its blog, and recently enough approved that it may still come. */
const isWaiting = (topic: ApprovedTopic) => !topic.blog && PENDING_STATUSES.has(topic.status) && Date.now() - Date.parse(topic.approvedAt) < WAITING_LIMIT_MS;
const waiting = (topics: ApprovedTopic[] | undefined) => topics?.some(isWaiting) ?? false;

/**
 * The approved topics. While any of them waits for its blog (the worker or the automation service
 * delivers it, in another process) the list asks again every WAITING_POLL_MS, besides the live
 * events, which a proxy may cut; once none waits (or the wait passed WAITING_LIMIT_MS), it stops, as
 * every query of the panel does.
 */
export const useApprovedTopics = () =>
  useQuery({
    queryKey: adminKeys.approvedTopics(),
    queryFn: fetchApprovedTopics,
    refetchInterval: (query) => (waiting(query.state.data) ? WAITING_POLL_MS : false),
  });

/**
 * Says when a waiting topic's blog arrives (a toast naming it) and makes the article lists stale, so
 * the new draft shows in Article Management without Refresh Data. Mounted once by the dashboard.
 */
export function useArticleArrivals(): void {
  const queryClient = useQueryClient();
  const topics = useApprovedTopics();
  /** The topics of the previous answer, and which of them were still waiting. */
  const seen = useRef<{ known: Set<number>; waiting: Set<number> } | null>(null);
  useEffect(() => {
    if (!topics.data) return;
    const before = seen.current;
    seen.current = {
      known: new Set(topics.data.map((topic) => topic.id)),
      waiting: new Set(topics.data.filter((topic) => !topic.blog).map((topic) => topic.id)),
    };
    if (!before) return;
    // A topic approved since the last answer may have its blog by the time the list is read again.
    const arrived = topics.data.filter((topic) => topic.blog && (before.waiting.has(topic.id) || !before.known.has(topic.id)));
    if (arrived.length === 0) return;
    for (const topic of arrived) notifications.show({ title: 'Blog arrived', message: `"${topic.blog!.title}" is ready for review (topic: ${topic.topic}).` });
    void queryClient.invalidateQueries({ queryKey: adminKeys.articles() });
    void queryClient.invalidateQueries({ queryKey: articleKeys.all });
  }, [topics.data, queryClient]);
}
