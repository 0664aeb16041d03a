import { apiRequest } from '@ai-mind/ui';
import {
  adminKeys,
  articleKeys,
  type ExhaustiveRecoveryResponse,
  type ForceRecoveryResponse,
  type MessageResponse,
  type RecreateFromSitemapResponse,
} from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

export const refreshData = () => apiRequest<MessageResponse>('/api/admin/refresh-data', { method: 'POST' });
export const forceRecovery = () => apiRequest<ForceRecoveryResponse>('/api/admin/force-recovery', { method: 'POST' });
export const exhaustiveRecovery = () => apiRequest<ExhaustiveRecoveryResponse>('/api/admin/exhaustive-recovery', { method: 'POST' });
export const recreateFromSitemap = () => apiRequest<RecreateFromSitemapResponse>('/api/admin/recreate-from-sitemap', { method: 'POST', body: {} });

/** Recovery puts articles back: every article view is stale. */
const articlesChanged = () => [adminKeys.articles(), articleKeys.all] as const;

export const useQuickRecovery = declareMutation(forceRecovery, articlesChanged);
export const useDeepRecovery = declareMutation(exhaustiveRecovery, articlesChanged);
export const useRecreateArticles = declareMutation(recreateFromSitemap, articlesChanged);

/** Refresh Data: every list of the panel (not the session) and the public site's, even when it fails. */
export const useRefreshData = declareMutation(
  refreshData,
  () =>
    [
      adminKeys.articles(),
      adminKeys.trendingTopics(),
      adminKeys.trendingSources(),
      adminKeys.approvedTopics(),
      adminKeys.contactSubmissions(),
      adminKeys.comments(),
      adminKeys.auditLog(),
      articleKeys.all,
    ] as const,
  { evenOnError: true },
);
