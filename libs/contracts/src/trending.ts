import { z } from 'zod';

/** One entry of the public trending feed (spec section 3: the feed reads id, topic, category, mentions). */
export const TrendingItemSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  category: z.string(),
  mentions: z.number().int(),
});
export type TrendingItem = z.infer<typeof TrendingItemSchema>;

export const TrendingListSchema = z.array(TrendingItemSchema);

/** How many topics the public feed shows; the first TRENDING_FLAME_COUNT carry a flame. */
export const TRENDING_FEED_SIZE = 8;
export const TRENDING_FLAME_COUNT = 3;
