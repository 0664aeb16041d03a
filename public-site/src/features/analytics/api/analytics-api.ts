import { apiRequest } from '@ai-mind/ui';
import type { PageViewRequest } from '@ai-mind/contracts/web';

export const sendPageView = (body: PageViewRequest) => apiRequest<null>('/api/analytics/pageview', { method: 'POST', body });
