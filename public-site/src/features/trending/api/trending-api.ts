import { apiRequest } from '@ai-mind/ui';
import type { TrendingItem } from '@ai-mind/contracts';

export function fetchTrending(): Promise<TrendingItem[]> {
  return apiRequest<TrendingItem[]>('/api/trending');
}
