import { defineEntity, p } from '@mikro-orm/core';
import type { FeedItem } from './topic-clustering.js';

/** One configured feed: what its last fetch returned, for conditional requests and for the admin to see. */
export const TrendingSourceSchema = defineEntity({
  name: 'TrendingSource',
  tableName: 'trending_source',
  properties: {
    id: p.integer().primary().autoincrement(),
    url: p.text().unique(),
    name: p.string().length(200),
    etag: p.text().nullable(),
    lastModified: p.string().length(100).nullable(),
    /** ok, not_modified or error. */
    lastStatus: p.string().length(20).default('ok'),
    lastError: p.text().nullable(),
    lastFetchedAt: p.datetime().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    /** The items of the last successful fetch: reused when the feed answers 304 or fails for a while. */
    items: p.json<FeedItem[]>().default('[]'),
  },
});

export class TrendingSource extends TrendingSourceSchema.class {}
TrendingSourceSchema.setClass(TrendingSource);
