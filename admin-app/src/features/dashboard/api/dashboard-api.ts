import { callApi } from '@ai-mind/ui';
import { adminKeys, api, articleKeys, fediverseKeys } from '@ai-mind/contracts';
import { declareMutation } from '../../../lib/resource';

export const refreshData = () => callApi(api.admin.recovery.refreshData);
export const forceRecovery = () => callApi(api.admin.recovery.force);
export const exhaustiveRecovery = () => callApi(api.admin.recovery.exhaustive);
export const recreateFromSitemap = () => callApi(api.admin.recovery.recreateFromSitemap, { body: {} });

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
      // What the site's fediverse followers, deliveries and followed accounts did since the tab opened.
      fediverseKeys.all,
      articleKeys.all,
    ] as const,
  { evenOnError: true },
);
