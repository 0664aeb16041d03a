import { defineEntity, p } from '@mikro-orm/core';

/** One run of the trending refresh (scheduled or on demand): when, and what it found. */
export const TrendingRefreshSchema = defineEntity({
  name: 'TrendingRefresh',
  tableName: 'trending_refresh',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** schedule or manual. */
    trigger: p.string().length(20),
    startedAt: p.datetime().index(),
    finishedAt: p.datetime(),
    itemCount: p.integer(),
    topicCount: p.integer(),
    failedSources: p.integer(),
  },
});

export class TrendingRefresh extends TrendingRefreshSchema.class {}
TrendingRefreshSchema.setClass(TrendingRefresh);
