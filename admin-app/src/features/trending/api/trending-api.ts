import { apiRequest } from '@ai-mind/ui';
import type { ApproveTopicRequest, DeclineTopicRequest, TrendingSourcesResponse, TrendingTopic } from '@ai-mind/contracts';

export const fetchTrendingTopics = (refresh = false) => apiRequest<TrendingTopic[]>(`/api/trending-topics${refresh ? '?refresh=true' : ''}`);
export const approveTopic = (body: ApproveTopicRequest) => apiRequest<unknown>('/api/admin/approve-topic', { method: 'POST', body });
export const declineTopic = (body: DeclineTopicRequest) => apiRequest<unknown>('/api/admin/decline-topic', { method: 'POST', body });
export const fetchTrendingSources = () => apiRequest<TrendingSourcesResponse>('/api/trending-topics/sources');
