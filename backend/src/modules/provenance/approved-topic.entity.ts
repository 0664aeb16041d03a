import { defineEntity, p } from '@mikro-orm/core';
import { triggersOn } from '../../database/schema/functions.js';
import { approvedTopicStorySql } from './approved-topic-story.sql.js';

/** Where an approved topic is on its way to a draft article. */
export const APPROVED_TOPIC_STATUSES = ['queued', 'generating', 'sent_to_automation', 'blog_received', 'failed'] as const;
export type ApprovedTopicStatus = (typeof APPROVED_TOPIC_STATUSES)[number];

export const ApprovedTopicSchema = defineEntity({
  name: 'ApprovedTopic',
  tableName: 'approved_topic',
  properties: {
    id: p.integer().primary().autoincrement(),
    trendingTopicId: p.integer().nullable(),
    topic: p.string().length(300),
    category: p.string().length(100),
    sourceUrl: p.text().nullable(),
    status: p.string().length(30).$type<ApprovedTopicStatus>(),
    approvedBy: p.string().length(100),
    approvedAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    /** The draft article the blog became, once received. */
    articleId: p.integer().nullable(),
    lastError: p.text().nullable(),
    /**
     * Approved as single-source: its outlets were fewer independent ones than the newsroom required, and
     * the editor's note says why the AI may write from it anyway (docs/independent-sources.md).
     */
    singleSource: p.boolean().default(false),
    singleSourceNote: p.text().nullable(),
    /** The independent outlets counted at approval; null for a topic approved before they were counted. */
    independentOutlets: p.smallint().nullable(),
  },
  checks: [
    {
      name: 'approved_topic_single_source_note_check',
      // The override goes with a note of 1 to 1000 characters, and a note only with the override (as PostgreSQL prints it).
      expression:
        '((single_source = (single_source_note IS NOT NULL)) AND ((single_source_note IS NULL) OR ((char_length(btrim(single_source_note)) >= 1) AND (char_length(btrim(single_source_note)) <= 1000))))',
    },
    { name: 'approved_topic_independent_outlets_check', expression: 'independent_outlets is null or independent_outlets >= 0' },
  ],
  indexes: [
    { name: 'approved_topic_article_id_index', properties: ['articleId'] },
    // A trending topic is approved once; partial, so topics added by hand (no trending topic) are not compared.
    {
      name: 'approved_topic_trending_topic_id_unique',
      expression:
        'create unique index "approved_topic_trending_topic_id_unique" on "approved_topic" ("trending_topic_id") where "trending_topic_id" is not null',
    },
  ],
  // Declared in approved-topic-story.sql.ts: an approval makes its story, and the article it becomes joins it.
  triggers: triggersOn('approved_topic', approvedTopicStorySql),
});

export class ApprovedTopic extends ApprovedTopicSchema.class {}
ApprovedTopicSchema.setClass(ApprovedTopic);
