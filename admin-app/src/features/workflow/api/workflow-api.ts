import { apiRequest } from '@ai-mind/ui';
import type { ApprovedTopic } from '@ai-mind/contracts';

export const fetchApprovedTopics = () => apiRequest<ApprovedTopic[]>('/api/admin/approved-topics');
