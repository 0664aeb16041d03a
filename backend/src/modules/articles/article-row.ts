import type { AdminArticle, Article as ArticleDto, ArticleReviewFields, Correction, ReviewedArticle } from '@ai-mind/contracts';
import type { AliasedSelectQueryBuilder, ExpressionBuilder } from 'kysely';
import type { EntityRow } from '../../database/kysely.js';
import type { ArticlesDatabase } from './tables.js';
import type { Article } from './article.entity.js';

/** The article table's row; through the entity alone, since revisions keep an ArticleRow (see EntityRow). */
type ArticleTableRow = EntityRow<typeof Article>;

/**
 * The article's columns, the one list the application reads and writes them by: each API field with
 * its column and SQL type (for typed placeholders). Generated columns (category_slug, search_vector)
 * are PostgreSQL's own and not listed.
 */
export const ARTICLE_COLUMNS = {
  id: ['id', 'int'],
  title: ['title', 'varchar'],
  slug: ['slug', 'varchar'],
  content: ['content', 'text'],
  category: ['category', 'varchar'],
  imageUrl: ['image_url', 'text'],
  sourceUrl: ['source_url', 'text'],
  aiCommentary: ['ai_commentary', 'text'],
  likes: ['likes', 'int'],
  shares: ['shares', 'int'],
  comments: ['comments', 'int'],
  approved: ['approved', 'boolean'],
  metaTitle: ['meta_title', 'varchar'],
  metaDescription: ['meta_description', 'varchar'],
  corrections: ['corrections', 'jsonb'],
  createdAt: ['created_at', 'timestamptz'],
  updatedAt: ['updated_at', 'timestamptz'],
  version: ['version', 'int'],
} as const satisfies Record<Exclude<keyof AdminArticle, 'isApproved'>, readonly [keyof ArticleTableRow, string]>;

/** An article field, as the API names it. */
export type Field = keyof typeof ARTICLE_COLUMNS;

/** The article's listed columns (ARTICLE_COLUMNS), as PostgreSQL names them. */
export type ArticleColumn = (typeof ARTICLE_COLUMNS)[Field][0];

/**
 * An article row as PostgreSQL returns it (and as revisions keep it): column names, snake_case, typed by the
 * entity. Its times may be text as well: a revision keeps the row as JSON, and a backup's article carries them so.
 */
export type ArticleRow = Omit<Pick<ArticleTableRow, ArticleColumn>, 'created_at' | 'updated_at'> & {
  created_at: string | Date;
  updated_at: string | Date;
};

const FIELDS = Object.keys(ARTICLE_COLUMNS) as Field[];

/** The article's listed columns, for a typed query's `select` over `article`. */
export const ARTICLE_SELECTION: readonly ArticleColumn[] = FIELDS.map((field) => ARTICLE_COLUMNS[field][0]);

/** `a.id, a.title, ...` for raw SQL over `article <alias>`. */
export function articleColumnList(alias?: string, fields: readonly Field[] = FIELDS): string {
  return fields.map((field) => (alias ? `${alias}.${ARTICLE_COLUMNS[field][0]}` : ARTICLE_COLUMNS[field][0])).join(', ');
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Where the article is in review, read beside its columns for the admin (not part of ARTICLE_COLUMNS:
 * backups and recovery carry the article, not its place in review, which restarts as draft or published).
 * Each column in the order it is read, and for an account, the alias its name is read beside it as: the one
 * list both the raw and the typed selection are made from.
 */
const REVIEW_COLUMNS = [
  ['stage', null],
  ['scheduled_at', null],
  ['author_id', 'author_name'],
  ['assignee_id', 'assignee_name'],
] as const satisfies readonly (readonly [keyof ArticleTableRow, string | null])[];

type ReviewColumn = (typeof REVIEW_COLUMNS)[number][0];
type AccountName = Exclude<(typeof REVIEW_COLUMNS)[number][1], null>;

export type ReviewRow = Pick<ArticleTableRow, ReviewColumn> & Record<AccountName, string | null>;

/** The review columns (with the accounts' names) for raw SQL over `article <alias>`, in a select or a returning list. */
export function reviewColumnList(alias = 'article'): string {
  return REVIEW_COLUMNS.map(([column, name]) =>
    name === null ? `${alias}.${column}` : `${alias}.${column}, (select u.username from admin_user u where u.id = ${alias}.${column}) as ${name}`,
  ).join(', ');
}

/** The review columns (with the accounts' names) for a typed statement over `article`, in a select or a returning list. */
export function reviewSelection(eb: ExpressionBuilder<ArticlesDatabase, 'article'>) {
  const username = (column: ReviewColumn) => eb.selectFrom('admin_user as u').select('u.username').whereRef('u.id', '=', `article.${column}`);
  return REVIEW_COLUMNS.flatMap<`article.${ReviewColumn}` | AliasedSelectQueryBuilder<{ username: string }, AccountName>>(([column, name]) =>
    name === null ? [`article.${column}`] : [`article.${column}`, username(column).as(name)],
  );
}

export function toReviewFields(row: ReviewRow): ArticleReviewFields {
  return {
    stage: row.stage,
    scheduledAt: row.scheduled_at === null ? null : iso(row.scheduled_at),
    authorId: row.author_id,
    authorName: row.author_name,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
  };
}

export function toAdminArticle(row: ArticleRow): AdminArticle {
  return { ...toArticleDto(row), version: row.version };
}

export function toReviewedArticle(row: ArticleRow & ReviewRow): ReviewedArticle {
  return { ...toAdminArticle(row), ...toReviewFields(row) };
}

export function toArticleDto(row: ArticleRow): ArticleDto {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    category: row.category,
    imageUrl: row.image_url ?? null,
    sourceUrl: row.source_url ?? null,
    aiCommentary: row.ai_commentary ?? null,
    likes: row.likes,
    shares: row.shares,
    comments: row.comments,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    approved: row.approved,
    isApproved: row.approved,
    metaTitle: row.meta_title ?? null,
    metaDescription: row.meta_description ?? null,
    // A revision written before notes were kept has none.
    corrections: row.corrections ?? [],
  };
}

/** The row an API-shaped article (from a backup or a live page) stands for; a missing version starts at 1. */
export function fromArticleDto(article: Omit<ArticleDto, 'corrections'> & { corrections?: Correction[]; version?: number }): ArticleRow {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    content: article.content,
    category: article.category,
    image_url: article.imageUrl ?? null,
    source_url: article.sourceUrl ?? null,
    ai_commentary: article.aiCommentary ?? null,
    likes: article.likes ?? 0,
    shares: article.shares ?? 0,
    comments: article.comments ?? 0,
    approved: article.approved === true,
    meta_title: article.metaTitle ?? null,
    meta_description: article.metaDescription ?? null,
    corrections: article.corrections ?? [],
    created_at: article.createdAt,
    updated_at: article.updatedAt ?? article.createdAt,
    version: article.version ?? 1,
  };
}

/** `(?::int, ?::varchar, ...)`: one row of values, typed, since the driver inlines them. */
export const ARTICLE_VALUE_ROW = `(${FIELDS.map((field) => `?::${ARTICLE_COLUMNS[field][1]}`).join(', ')})`;

export function articleRowValues(row: ArticleRow): unknown[] {
  // The driver would send an array as a PostgreSQL array: a jsonb column takes it as JSON text.
  return FIELDS.map((field) => (field === 'corrections' ? JSON.stringify(row.corrections ?? []) : row[ARTICLE_COLUMNS[field][0] as keyof ArticleRow]));
}
