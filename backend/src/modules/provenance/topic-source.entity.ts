import { defineEntity, p } from '@mikro-orm/core';
import type { SourceFetchStatus } from '@ai-mind/contracts';

/** One source of an approved topic: a feed item frozen at approval, then its page's extracted text. */
export const TopicSourceSchema = defineEntity({
  name: 'TopicSource',
  tableName: 'topic_source',
  properties: {
    id: p.integer().primary().autoincrement(),
    approvedTopicId: p.integer(),
    /** 1..n in the order the writer is given them; the body's [n] markers name it. */
    number: p.integer(),
    outlet: p.string().length(200),
    title: p.string().length(300),
    summary: p.text().default(''),
    link: p.text().nullable(),
    publishedAt: p.datetime().nullable(),
    fetchStatus: p.string().length(20).$type<SourceFetchStatus>().default('pending'),
    fetchError: p.text().nullable(),
    fetchedAt: p.datetime().nullable(),
    contentHash: p.string().length(64).nullable(),
    text: p.text().nullable(),
  },
  uniques: [{ properties: ['approvedTopicId', 'number'] }],
});

export class TopicSource extends TopicSourceSchema.class {}
TopicSourceSchema.setClass(TopicSource);
