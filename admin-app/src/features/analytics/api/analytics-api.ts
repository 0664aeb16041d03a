import { useQuery } from '@tanstack/react-query';
import { adminKeys, api, type AnalyticsRangeQuery, type RouteAnswer } from '@ai-mind/contracts';
import { callApi } from '@ai-mind/ui';

/** The chart routes, one per chart of the Analytics tab. */
type Charts = typeof api.admin.analytics;
export type ChartName = keyof Charts;

/** One chart of the Analytics tab over the range; each loads on its own, so a slow one holds up no other. */
export function useAnalyticsChart<Name extends ChartName>(name: Name, range: AnalyticsRangeQuery) {
  return useQuery({
    queryKey: adminKeys.analytics(name, range),
    queryFn: () => {
      const chart: Charts[ChartName] = api.admin.analytics[name];
      // Every chart route takes the same range; the answer is the named chart's.
      return callApi(chart, { query: range }) as Promise<RouteAnswer<Charts[Name]>>;
    },
  });
}
