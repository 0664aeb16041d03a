import { defineEntity, p } from '@mikro-orm/core';
import type { ArticleRevisionSummary } from '@ai-mind/contracts';
import type { ArticleRow } from './article-row.js';
import { triggersOn } from '../../database/schema/functions.js';
import { articleHistorySql } from './article-history.sql.js';
import type { EntityRow } from '../../database/kysely.js';

export type RevisionAction = ArticleRevisionSummary['action'];

/**
 * The article row as committed by one insert, update or delete, written by PostgreSQL's
 * article_history trigger (see article-history.sql.ts): never by the application, so no
 * write path can skip it. No foreign key: revisions must outlive the article row, since recovery
 * reads them when the row is gone.
 */
export const ArticleRevisionSchema = defineEntity({
  name: 'ArticleRevision',
  tableName: 'article_revision',
  properties: {
    id: p.bigint().primary().autoincrement(),
    articleId: p.integer(),
    slug: p.string().length(200),
    action: p.string().$type<RevisionAction>().length(20),
    snapshot: p.json<ArticleRow>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Who made the change: `admin:<name>`, `job:<name>`, `recovery:<path> by <who asked>`, `automation`, `demo-seed`, or `sql:<database user>`. */
    actor: p.string().length(200).default('sql'),
    changed: p.array().$type<string[]>().defaultRaw(`'{}'`),
    version: p.integer().nullable(),
    /** The newest interaction and comment ids of the article that its counters included. */
    interactionsThrough: p.bigint('number').defaultRaw('0'),
    commentsThrough: p.bigint('number').defaultRaw('0'),
    /** The note a review step was taken with (`ai_mind.note`, see article_revision_note in article-history.sql.ts). */
    note: p.string().length(2000).nullable(),
  },
  indexes: [
    {
      name: 'article_revision_article_id_id_index',
      expression: 'create index "article_revision_article_id_id_index" on "article_revision" ("article_id", "id" desc)',
    },
    { name: 'article_revision_slug_index', properties: ['slug'] },
    // The newsletter's digest reads what was published in its period.
    {
      name: 'article_revision_publication_index',
      expression: `create index "article_revision_publication_index" on "article_revision" ("created_at") where "action" in ('publish', 'create')`,
    },
  ],
  // Declared in article-history.sql.ts.
  triggers: triggersOn('article_revision', articleHistorySql),
});

export class ArticleRevision extends ArticleRevisionSchema.class {}
ArticleRevisionSchema.setClass(ArticleRevision);

/**
 * A revision as PostgreSQL returns it: the entity's row, but the driver reads a bigint as text (MikroORM's
 * conversion does not run on a query's rows).
 */
export type RevisionRow = Omit<EntityRow<typeof ArticleRevision>, 'id' | 'interactions_through' | 'comments_through'> & {
  id: string;
  interactions_through: string;
  comments_through: string;
};
