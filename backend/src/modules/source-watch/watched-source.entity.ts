import { defineEntity, p } from '@mikro-orm/core';
import { TopicSource } from '../provenance/index.js';

/** What the last read of a watched source found (docs/source-watch.md). */
export const WATCH_STATUSES = ['baseline', 'unchanged', 'changed', 'rewritten', 'gone', 'failed', 'blocked'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/**
 * The watch kept on one source of a published article: the validators its server sent with the version
 * last had (for a conditional GET), the hash of the text last read, and when and how it was last read.
 */
export const WatchedSourceSchema = defineEntity({
  name: 'WatchedSource',
  tableName: 'watched_source',
  properties: {
    topicSourceId: p
      .manyToOne(TopicSource)
      .primary()
      .mapToPk()
      .joinColumn('topic_source_id')
      .foreignKeyName('watched_source_topic_source_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    etag: p.string().length(500).nullable(),
    lastModified: p.string().length(500).nullable(),
    /**
     * The text compared with when the approval kept no page text (a feed summary only): the page as
     * first read by the watch. Null when the source's own frozen text is the baseline.
     */
    baselineText: p.text().nullable(),
    baselineHash: p.string().length(64).nullable(),
    /** The hash of the text last read; a 304 keeps it. */
    textHash: p.string().length(64).nullable(),
    lastCheckedAt: p.datetime(),
    lastStatus: p.string().length(20).$type<WatchStatus>(),
    lastHttpStatus: p.integer().nullable(),
    lastError: p.text().nullable(),
  },
  indexes: [{ name: 'watched_source_last_checked_at_index', properties: ['lastCheckedAt'] }],
  checks: [
    { name: 'watched_source_last_status_check', expression: `last_status in ('baseline', 'unchanged', 'changed', 'rewritten', 'gone', 'failed', 'blocked')` },
    { name: 'watched_source_baseline_hash_with_text', expression: '(baseline_text is null) = (baseline_hash is null)' },
    { name: 'watched_source_baseline_text_length', expression: 'char_length(baseline_text) <= 30000' },
    { name: 'watched_source_error_when_not_read', expression: `(last_status in ('failed', 'blocked')) = (last_error is not null)` },
  ],
});

export class WatchedSource extends WatchedSourceSchema.class {}
WatchedSourceSchema.setClass(WatchedSource);
