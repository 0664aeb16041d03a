import { z } from './zod.js';

export * from './trending.constants.js';

/** One entry of the public trending feed (docs/product.md#entities: the feed reads id, topic, category, mentions). */
export const TrendingItemSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  category: z.string(),
  mentions: z.number().int(),
});
export type TrendingItem = z.infer<typeof TrendingItemSchema>;

export const TrendingListSchema = z.array(TrendingItemSchema);

/** A configured news feed as the admin sees it: whether its last fetch worked, and why not. */
export const TrendingSourceStatusSchema = z.object({
  url: z.string(),
  name: z.string(),
  /** ok, not_modified or error */
  lastStatus: z.string(),
  lastError: z.string().nullable(),
  lastFetchedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  itemCount: z.number().int(),
});
export type TrendingSourceStatus = z.infer<typeof TrendingSourceStatusSchema>;

/** The trending engine's state: its feeds (none: the bundled snapshot) and its last refresh. */
export const TrendingSourcesResponseSchema = z.object({
  mode: z.enum(['feeds', 'snapshot']),
  lastRefreshAt: z.string().nullable(),
  sources: z.array(TrendingSourceStatusSchema),
});
export type TrendingSourcesResponse = z.infer<typeof TrendingSourcesResponseSchema>;
