import { useQuery } from '@tanstack/react-query';
import { trendingKeys } from '@ai-mind/contracts/web';
import { fetchTrending } from '../api/trending-api';

export function useTrending() {
  return useQuery({ queryKey: trendingKeys.feed(), queryFn: fetchTrending });
}
