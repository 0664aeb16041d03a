import { useQuery } from '@tanstack/react-query';
import {
  adminKeys,
  type AnalyticsNewsletter,
  type AnalyticsRangeQuery,
  type AnalyticsTop,
  type AnalyticsTopArticles,
  type AnalyticsViews,
} from '@ai-mind/contracts';
import { apiRequest } from '@ai-mind/ui';

/** What each chart route answers. */
interface Charts {
  views: AnalyticsViews;
  articles: AnalyticsTopArticles;
  categories: AnalyticsTop;
  sources: AnalyticsTop;
  countries: AnalyticsTop;
  newsletter: AnalyticsNewsletter;
}
export type ChartName = keyof Charts;

/** One chart of the Analytics tab over the range; each loads on its own, so a slow one holds up no other. */
export function useAnalyticsChart<Name extends ChartName>(name: Name, range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: adminKeys.analytics(name, range),
    queryFn: () => apiRequest<Charts[Name]>(`/api/admin/analytics/${name}?${new URLSearchParams(range)}`),
  });
}
