import { defineEntity, p } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { Story } from './story.entity.js';

/**
 * A report on a story as the trending refresh found it, and when it first did: the database writes it
 * when a refresh adds feed items to the approved topic (stories.sql.ts), at most STORY_REPORTS_KEPT per
 * story (the newest kept).
 */
export const StoryReportSchema = defineEntity({
  name: 'StoryReport',
  tableName: 'story_report',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    storyId: p.manyToOne(Story).mapToPk().joinColumn('story_id').foreignKeyName('story_report_story_id_fkey').updateRule('no action').deleteRule('cascade'),
    /** How a report is known across refreshes: its link, or its outlet and title (as the topic store keys items). */
    key: p.string().length(1000),
    outlet: p.string().length(200),
    title: p.string().length(500),
    link: p.text().nullable(),
    /** True for the reports the story was approved with; false for those that arrived after. */
    atApproval: p.boolean().$type<Opt<boolean>>().default(false),
    arrivedAt: p.datetime().$type<Opt<Date>>().defaultRaw('now()'),
  },
  uniques: [{ name: 'story_report_story_id_key_unique', properties: ['storyId', 'key'] }],
  indexes: [{ name: 'story_report_story_id_arrived_at_index', properties: ['storyId', 'arrivedAt'] }],
});

export class StoryReport extends StoryReportSchema.class {}
StoryReportSchema.setClass(StoryReport);
