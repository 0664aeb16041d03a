import { defineEntity, p } from '@mikro-orm/core';
import type { FeedItem } from './topic-clustering.js';
import { triggersOn } from '../../database/schema/functions.js';
import { trendingPurgeSql } from './trending-purge.sql.js';
import { trendingStoryReportsSql } from './trending-story-reports.sql.js';

export const TrendingTopicSchema = defineEntity({
  name: 'TrendingTopic',
  tableName: 'trending_topic',
  properties: {
    id: p.integer().primary().autoincrement(),
    topic: p.string().length(300),
    source: p.string().length(200),
    priority: p.string().length(20).default('normal'),
    category: p.string().length(100),
    mentions: p.integer().default(0),
    trend: p.string().length(20).default('steady'),
    sourceUrl: p.text().nullable(),
    /** new, approved or declined: only new topics wait in the admin's list. */
    status: p.string().length(20).default('new'),
    /** Mentions at the refresh before the last one: what `trend` compares with. */
    previousMentions: p.integer().nullable(),
    /** Links of the feed items behind the topic: how the next refresh recognises the same story. */
    itemLinks: p.json<string[]>().default('[]'),
    /** The cluster's feed items (outlet, title, summary, link, time): the sources an approval freezes. Lazy: lists never need them. */
    items: p.json<FeedItem[]>().default('[]').lazy(),
    lastSeenAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['mentions'] }],
  uniques: [{ properties: ['topic'] }],
  // Declared in trending-purge.sql.ts and trending-story-reports.sql.ts.
  triggers: triggersOn('trending_topic', trendingPurgeSql, trendingStoryReportsSql),
});

export class TrendingTopic extends TrendingTopicSchema.class {}
TrendingTopicSchema.setClass(TrendingTopic);
