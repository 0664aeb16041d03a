import { defineEntity, p, type Opt } from '@mikro-orm/core';
import type { SourceChangeKind, SourceChangeStatus } from '@ai-mind/contracts';
import { Article } from '../articles/index.js';
import { TopicSource } from '../provenance/index.js';

/**
 * An item of the "Source changes" queue: a source of a published article changed, was rewritten or is
 * gone since the article was written from it. At most one open item per source and kind (a partial
 * unique index), so the watch's runs raise it once; an editor resolves it (after a correction or an
 * update of the article) or dismisses it, and is recorded with the time.
 */
export const SourceChangeSchema = defineEntity({
  name: 'SourceChange',
  tableName: 'source_change',
  properties: {
    id: p.integer().primary().autoincrement(),
    topicSourceId: p
      .manyToOne(TopicSource)
      .mapToPk()
      .joinColumn('topic_source_id')
      .foreignKeyName('source_change_topic_source_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    /** The article written from the source, when the change was found. */
    articleId: p
      .manyToOne(Article)
      .mapToPk()
      .joinColumn('article_id')
      .foreignKeyName('source_change_article_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    kind: p.string().length(20).$type<SourceChangeKind>(),
    detectedAt: p.datetime().$type<Opt<Date>>().defaultRaw('now()'),
    /** The share of the source's words changed since the article was written (changed, rewritten). */
    changedShare: p.float().nullable(),
    /** The server's answer (gone: 404 or 410). */
    httpStatus: p.integer().nullable(),
    status: p.string().length(20).$type<Opt<SourceChangeStatus>>().default('open'),
    resolvedBy: p.string().length(100).nullable(),
    resolvedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'source_change_status_detected_at_index', properties: ['status', 'detectedAt'] },
    { name: 'source_change_article_id_index', properties: ['articleId'] },
    { name: 'source_change_topic_source_id_index', properties: ['topicSourceId'] },
    {
      name: 'source_change_open_unique',
      expression: `create unique index "source_change_open_unique" on "source_change" ("topic_source_id", "kind") where "status" = 'open'`,
    },
  ],
  checks: [
    { name: 'source_change_kind_check', expression: `kind in ('changed', 'rewritten', 'gone')` },
    { name: 'source_change_status_check', expression: `status in ('open', 'resolved', 'dismissed')` },
    { name: 'source_change_share_check', expression: 'changed_share >= 0::real and changed_share <= 1::real' },
    { name: 'source_change_gone_has_status', expression: `(kind = 'gone') = (http_status is not null)` },
    { name: 'source_change_resolution_complete', expression: `(status = 'open') = (resolved_by is null) and (resolved_by is null) = (resolved_at is null)` },
  ],
});

export class SourceChange extends SourceChangeSchema.class {}
SourceChangeSchema.setClass(SourceChange);
