import { defineEntity, p } from '@mikro-orm/core';
import type { SourceFetchStatus } from '@ai-mind/contracts';
import { ApprovedTopic } from './approved-topic.entity.js';

/** One source of an approved topic: a feed item frozen at approval, then its page's extracted text. */
export const TopicSourceSchema = defineEntity({
  name: 'TopicSource',
  tableName: 'topic_source',
  properties: {
    id: p.integer().primary().autoincrement(),
    approvedTopicId: p
      .manyToOne(ApprovedTopic)
      .mapToPk()
      .joinColumn('approved_topic_id')
      .foreignKeyName('topic_source_approved_topic_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
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
  uniques: [{ name: 'topic_source_number_unique', properties: ['approvedTopicId', 'number'] }],
  checks: [
    { name: 'topic_source_number_check', expression: 'number > 0' },
    { name: 'topic_source_link_check', expression: `link ~ '^https?://'` },
    { name: 'topic_source_fetch_status_check', expression: `fetch_status in ('pending', 'fetched', 'bundled', 'feed_only', 'blocked', 'failed')` },
    { name: 'topic_source_hash_with_text', expression: '(text is null) = (content_hash is null)' },
    { name: 'topic_source_text_when_had', expression: `(fetch_status in ('fetched', 'bundled', 'feed_only')) = (text is not null)` },
    { name: 'topic_source_error_when_not_had', expression: `(fetch_status in ('blocked', 'failed')) = (fetch_error is not null)` },
  ],
});

export class TopicSource extends TopicSourceSchema.class {}
TopicSourceSchema.setClass(TopicSource);
