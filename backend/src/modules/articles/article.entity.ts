import { defineEntity, p, type Opt } from '@mikro-orm/core';
import type { ArticleStage, Correction } from '@ai-mind/contracts';
import { triggersOf } from '../../database/schema/functions.js';

export const ArticleSchema = defineEntity({
  name: 'Article',
  tableName: 'article',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(300),
    slug: p.string().length(200).unique(),
    content: p.text(),
    category: p.string().length(100),
    /** Comparable category form (see categorySlug in contracts), kept by PostgreSQL itself. */
    categorySlug: p
      .string()
      .$type<Opt<string>>()
      .length(100)
      .generated(`(lower(regexp_replace(trim(category), '[\\s-]+', '-', 'g'))) stored`),
    imageUrl: p.text().nullable(),
    sourceUrl: p.text().nullable(),
    aiCommentary: p.text().nullable(),
    likes: p.integer().default(0),
    shares: p.integer().default(0),
    comments: p.integer().default(0),
    approved: p.boolean().default(false),
    /** Where the article is in review (ARTICLE_STAGES); `approved` is true exactly when it is published (review_schedule migration). */
    stage: p.string().$type<Opt<ArticleStage>>().length(20).default('draft'),
    /** When the worker publishes it; set exactly when the stage is scheduled. */
    scheduledAt: p.datetime().nullable(),
    /** The account that created it; null for generated and seeded articles. */
    authorId: p.integer().nullable(),
    /** The writer or editor it is assigned to. */
    assigneeId: p.integer().nullable(),
    metaTitle: p.string().length(300).nullable(),
    metaDescription: p.string().length(320).nullable(),
    /** Dated correction and update notes, oldest first; checked by PostgreSQL (the public_record migration). */
    corrections: p.json<Correction[]>().$type<Opt<Correction[]>>().defaultRaw(`'[]'::jsonb`),
    /** Moved on by PostgreSQL on every change but a reader's count (article_history migration); editors save against it. */
    version: p.integer().$type<Opt<number>>().default(1),
    /**
     * Weighted full-text document (title, commentary, body), kept by PostgreSQL: a trigger on writes of
     * those columns (grouped_reader_counts migration). Declared generated so the ORM never writes it.
     */
    searchVector: p
      .string()
      .$type<Opt<string>>()
      .columnType('tsvector')
      .generated(
        `(setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(ai_commentary, '')), 'B') || setweight(to_tsvector('english'::regconfig, content), 'C')) stored`,
      )
      .lazy()
      .hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  // The paged lists walk these newest first, with the id as tie-breaker (see the article_search migration).
  indexes: [
    {
      name: 'article_approved_created_at_id_index',
      expression: 'create index "article_approved_created_at_id_index" on "article" ("approved", "created_at" desc, "id" desc)',
    },
    {
      name: 'article_category_slug_approved_created_at_id_index',
      expression:
        'create index "article_category_slug_approved_created_at_id_index" on "article" ("category_slug", "approved", "created_at" desc, "id" desc)',
    },
    {
      name: 'article_stage_created_at_id_index',
      expression: 'create index "article_stage_created_at_id_index" on "article" ("stage", "created_at" desc, "id" desc)',
    },
    { name: 'article_category_slug_stage_index', expression: 'create index "article_category_slug_stage_index" on "article" ("category_slug", "stage")' },
    { name: 'article_search_vector_index', expression: 'create index "article_search_vector_index" on "article" using gin ("search_vector")' },
  ],
  // Declared in database/schema/functions.ts.
  triggers: triggersOf('article'),
});

export class Article extends ArticleSchema.class {}
ArticleSchema.setClass(Article);
