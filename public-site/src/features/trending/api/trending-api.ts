import { apiRequest } from '@ai-mind/ui';
import type { TrendingItem } from '@ai-mind/contracts/web';

export function fetchTrending(): Promise<TrendingItem[]> {
  return apiRequest<TrendingItem[]>('/api/trending');
}
