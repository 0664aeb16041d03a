import { callApi } from '@ai-mind/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, api, outletKeys, type ApproveTopicRequest, type DeclineTopicRequest, type TrendingTopic } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

export const fetchTrendingTopics = () => callApi(api.trendingTopics.list);
/** Fetches the feeds now (a change: POSTed with the CSRF token, audited) and answers with the fresh list. */
export const refreshTrendingTopics = () => callApi(api.trendingTopics.refresh);
export const approveTopic = (body: ApproveTopicRequest) => callApi(api.admin.topics.approveForWriting, { body });
export const declineTopic = (body: DeclineTopicRequest) => callApi(api.admin.topics.decline, { body });
export const fetchTrendingSources = () => callApi(api.trendingTopics.sources);

/** Approving or declining moves a topic from the trending list (to the approved topics). */
const topicsChanged = () => [adminKeys.trendingTopics(), adminKeys.approvedTopics()] as const;

/** Approving (as single-source, with the editor's note, when the topic is below the newsroom's setting) also drops the topic's outlet mix. */
export const useApproveTopic = declareMutation(approveTopic, () => [...topicsChanged(), outletKeys.trendingMix()]);
export const useDeclineTopic = declareMutation((topic: TrendingTopic) => declineTopic({ topicId: topic.id, topic: topic.topic }), topicsChanged);

/** Refresh Topics: the fresh list replaces the cached one; which feeds failed is read again, failed or not. */
export function useRefreshTrendingTopics(callbacks: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshTrendingTopics,
    onSuccess: (fresh) => queryClient.setQueryData(adminKeys.trendingTopics(), fresh),
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.trendingSources() }),
  });
}
