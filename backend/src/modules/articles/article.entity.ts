import { defineEntity, p, type Opt } from '@mikro-orm/core';
import type { ArticleStage, Correction } from '@ai-mind/contracts';
import { triggersOn } from '../../database/schema/functions.js';
import { articleColumnsSql } from './article-columns.sql.js';
import { articleHistorySql } from './article-history.sql.js';
import { articlePurgeSql } from './article-purge.sql.js';
import { articlePublicationSql } from './article-publication.sql.js';
import { AdminUser } from '../auth/index.js';

export const ArticleSchema = defineEntity({
  name: 'Article',
  tableName: 'article',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(300),
    slug: p.string().length(200).unique(),
    content: p.text(),
    category: p.string().length(100),
    /** Comparable category form (see categorySlug in contracts), kept by PostgreSQL itself; the expression as PostgreSQL prints it, so the diff reads it as equal. */
    categorySlug: p
      .string()
      .$type<Opt<string>>()
      .length(100)
      .generated(`lower(regexp_replace(TRIM(BOTH FROM category), '[\\s-]+'::text, '-'::text, 'g'::text)) stored`),
    imageUrl: p.text().nullable(),
    sourceUrl: p.text().nullable(),
    aiCommentary: p.text().nullable(),
    likes: p.integer().default(0),
    shares: p.integer().default(0),
    comments: p.integer().default(0),
    approved: p.boolean().default(false),
    /** Where the article is in review (ARTICLE_STAGES); `approved` is true exactly when it is published (article_stage_follows_approved in article-columns.sql.ts). */
    stage: p.string().$type<Opt<ArticleStage>>().length(20).default('draft'),
    /** When the worker publishes it; set exactly when the stage is scheduled. */
    scheduledAt: p.datetime().nullable(),
    /** The account that created it; null for generated and seeded articles. */
    authorId: p
      .manyToOne(AdminUser)
      .mapToPk()
      .joinColumn('author_id')
      .foreignKeyName('article_author_id_fkey')
      .nullable()
      .updateRule('cascade')
      .deleteRule('set null'),
    /** The writer or editor it is assigned to. */
    assigneeId: p
      .manyToOne(AdminUser)
      .mapToPk()
      .joinColumn('assignee_id')
      .foreignKeyName('article_assignee_id_fkey')
      .nullable()
      .updateRule('cascade')
      .deleteRule('set null'),
    metaTitle: p.string().length(300).nullable(),
    metaDescription: p.string().length(320).nullable(),
    /** Dated correction and update notes, oldest first; checked by PostgreSQL (article_corrections_check). */
    corrections: p.json<Correction[]>().$type<Opt<Correction[]>>().defaultRaw(`'[]'::jsonb`),
    /** Moved on by PostgreSQL on every change but a reader's count (article_before_update in article-columns.sql.ts); editors save against it. */
    version: p.integer().$type<Opt<number>>().default(1),
    /**
     * Weighted full-text document (title, commentary, body), kept by PostgreSQL: the article_search_vector
     * trigger (article-columns.sql.ts) sets it on every write of those columns, so the application
     * never assigns it (and a value it wrote would be replaced). A plain column: no longer generated.
     */
    searchVector: p.string().$type<Opt<string>>().columnType('tsvector').nullable().lazy().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // The paged lists walk these newest first, with the id as tie-breaker (see the article_search migration).
  indexes: [
    {
      name: 'article_approved_created_at_id_index',
      expression: 'create index "article_approved_created_at_id_index" on "article" ("approved", "created_at" desc, "id" desc)',
    },
    {
      name: 'article_category_slug_approved_created_at_id_index',
      expression: 'create index "article_category_slug_approved_created_at_id_index" on "article" ("category_slug", "approved", "created_at" desc, "id" desc)',
    },
    {
      name: 'article_stage_created_at_id_index',
      expression: 'create index "article_stage_created_at_id_index" on "article" ("stage", "created_at" desc, "id" desc)',
    },
    { name: 'article_category_slug_stage_index', expression: 'create index "article_category_slug_stage_index" on "article" ("category_slug", "stage")' },
    // The admin panel's list orders over every status (admin_at_scale migration).
    { name: 'article_created_at_id_index', expression: 'create index "article_created_at_id_index" on "article" ("created_at" desc, "id" desc)' },
    {
      name: 'article_category_slug_created_at_id_index',
      expression: 'create index "article_category_slug_created_at_id_index" on "article" ("category_slug", "created_at" desc, "id" desc)',
    },
    { name: 'article_likes_id_index', expression: 'create index "article_likes_id_index" on "article" ("likes" desc, "id" desc)' },
    // Partial indexes: an assignee's articles, the due-articles sweep, the /corrections page.
    { name: 'article_assignee_id_index', expression: 'create index "article_assignee_id_index" on "article" ("assignee_id") where "assignee_id" is not null' },
    { name: 'article_scheduled_at_index', expression: `create index "article_scheduled_at_index" on "article" ("scheduled_at") where "stage" = 'scheduled'` },
    { name: 'article_corrected_index', expression: `create index "article_corrected_index" on "article" ("id") where "corrections" <> '[]'::jsonb` },
    { name: 'article_search_vector_index', expression: 'create index "article_search_vector_index" on "article" using gin ("search_vector")' },
  ],
  checks: [
    { name: 'article_stage_check', expression: `stage in ('draft', 'in_review', 'changes_requested', 'ready', 'scheduled', 'published')` },
    // `approved` is true exactly when the stage is published; the article_stage_follows_approved trigger keeps the two in step.
    { name: 'article_published_stage_check', expression: `(stage = 'published') = approved` },
    { name: 'article_scheduled_at_check', expression: `(stage = 'scheduled') = (scheduled_at is not null)` },
    { name: 'article_corrections_check', expression: 'article_corrections_valid(corrections)' },
  ],
  // Declared in article-columns.sql.ts, article-history.sql.ts, article-purge.sql.ts and article-publication.sql.ts.
  triggers: triggersOn('article', articleColumnsSql, articleHistorySql, articlePurgeSql, articlePublicationSql),
});

export class Article extends ArticleSchema.class {}
ArticleSchema.setClass(Article);
