import { callApi } from '@ai-mind/ui';
import { api, type TrendingItem } from '@ai-mind/contracts/web';

export function fetchTrending(): Promise<TrendingItem[]> {
  return callApi(api.trending);
}
