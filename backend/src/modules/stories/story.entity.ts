import { defineEntity, p } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { triggersOn } from '../../database/schema/functions.js';
import { ApprovedTopic } from '../provenance/index.js';
import { storiesSql } from './stories.sql.js';

/** Whether a story is still moving (its page is a live blog) or has settled. */
export const STORY_STATUSES = ['developing', 'settled'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/**
 * A story: the articles on one news event and their updates over time. Made by the database when a
 * topic is approved (stories.sql.ts), joined by the article written from it; editors merge and split.
 */
export const StorySchema = defineEntity({
  name: 'Story',
  tableName: 'story',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.string().length(200).unique(),
    title: p.string().length(300),
    /** The comparable category form articles keep (article.category_slug), e.g. 'technology'. */
    category: p.string().length(100),
    status: p.text().$type<Opt<StoryStatus>>().default('developing'),
    /** The approval the story began with; null for a story an editor split out, or once the approval is gone. */
    approvedTopicId: p
      .manyToOne(ApprovedTopic)
      .mapToPk()
      .joinColumn('approved_topic_id')
      .foreignKeyName('story_approved_topic_id_fkey')
      .nullable()
      .unique('story_approved_topic_id_unique')
      .updateRule('no action')
      .deleteRule('set null'),
    createdAt: p.datetime().$type<Opt<Date>>().defaultRaw('now()'),
    updatedAt: p.datetime().$type<Opt<Date>>().defaultRaw('now()'),
  },
  checks: [{ name: 'story_status_check', expression: `status in ('developing', 'settled')` }],
  // Declared in stories.sql.ts: a change purges the story's page and its articles'.
  triggers: triggersOn('story', storiesSql),
});

export class Story extends StorySchema.class {}
StorySchema.setClass(Story);
