import { useQuery } from '@tanstack/react-query';
import { trendingKeys } from '@ai-mind/contracts';
import { fetchTrending } from '../api/trending-api';

export function useTrending() {
  return useQuery({ queryKey: trendingKeys.feed(), queryFn: fetchTrending });
}
