import { callApi } from '@ai-mind/ui';
import { publicApi, type TrendingItem } from '@ai-mind/contracts/web';

export function fetchTrending(): Promise<TrendingItem[]> {
  return callApi(publicApi.listTrending);
}
