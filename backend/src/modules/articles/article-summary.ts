import { AI_GRADE_LABELS, gradeNeedsDisclosure, type AiGrade, type ArticleSummary } from '@ai-mind/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { ArticlesDatabase } from './tables.js';
import { ARTICLE_COLUMNS, articleColumnList, type ArticleRow, type Field } from './article-row.js';

/**
 * Enough of the body for a 200-character excerpt: the text of any sane article starts well within
 * this many characters of HTML, and the full body (often tens of kilobytes) never leaves PostgreSQL.
 */
const CONTENT_HEAD_CHARS = 4000;

/** A list item's fields besides the head of its body: the one list both selections below are made from. */
const SUMMARY_FIELDS = [
  'id',
  'title',
  'slug',
  'category',
  'imageUrl',
  'sourceUrl',
  'aiCommentary',
  'likes',
  'shares',
  'comments',
  'approved',
  'metaTitle',
  'metaDescription',
  'createdAt',
  'updatedAt',
] as const satisfies readonly Field[];

/**
 * The article's kept AI involvement grade (article_grade, one primary-key lookup per row), so every card
 * shows its label without computing it; null until the article is first graded (ArticleGradeKeeper).
 */
const KEPT_GRADE_SQL = (alias: string) =>
  `(select g.grade from article_grade g where g.article_id = ${alias}.id) as ai_grade, (select g.label from article_grade g where g.article_id = ${alias}.id) as ai_label`;

/** The columns of a list item, for raw SQL over `article a`. */
export const SUMMARY_COLUMNS = `${articleColumnList('a', SUMMARY_FIELDS)}, left(a.content, ${CONTENT_HEAD_CHARS}) as content_head, ${KEPT_GRADE_SQL('a')}`;

/** The columns of a list item (as SUMMARY_COLUMNS), for a typed query over `article`. */
export function summarySelection(eb: ExpressionBuilder<ArticlesDatabase, 'article'>) {
  return [
    ...SUMMARY_FIELDS.map((field) => `article.${ARTICLE_COLUMNS[field][0]}` as const),
    eb.fn<string>('left', ['article.content', sql.lit(CONTENT_HEAD_CHARS)]).as('content_head'),
    sql<AiGrade | null>`(select g.grade from article_grade g where g.article_id = article.id)`.as('ai_grade'),
    // The kept label: a grade's words, or its single-source words (docs/independent-sources.md).
    sql<string | null>`(select g.label from article_grade g where g.article_id = article.id)`.as('ai_label'),
  ];
}

/**
 * The row's creation time as PostgreSQL prints it, to the microsecond (a JavaScript Date would keep only
 * milliseconds): the key a list's next page starts after.
 */
export function createdAtKey(eb: ExpressionBuilder<ArticlesDatabase, 'article'>) {
  return eb.cast<string>('article.created_at', 'text').as('created_at_key');
}

/** A list item's row: the article's columns but the body and version, plus the body's head. */
export type SummaryRow = Omit<ArticleRow, 'content' | 'version'> & {
  content_head: string;
  created_at_key?: string;
  ai_grade?: AiGrade | null;
  ai_label?: string | null;
};

/**
 * A card's grade: the kept one; an article not graded yet (for the moment between its change and the
 * keeper's sweep) shows the EU disclosure, as an article of unrecorded origin does: a disclosure is
 * never withheld for want of a record. The kept label is the grade's (with "from a single source" for
 * a single-source approval); without one, the grade's own words.
 */
export function cardGrade(grade: AiGrade | null | undefined, label?: string | null): ArticleSummary['aiGrade'] {
  const kept = grade ?? 'ai-unreviewed';
  return { grade: kept, label: (grade && label) || AI_GRADE_LABELS[kept], disclosed: gradeNeedsDisclosure(kept) };
}

/** A list item; an unterminated tag cut at the end of the head is dropped before the excerpt is made. */
export function toArticleSummary(row: SummaryRow, makeExcerpt: (html: string) => string): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    imageUrl: row.image_url,
    sourceUrl: row.source_url,
    aiCommentary: row.ai_commentary,
    likes: row.likes,
    shares: row.shares,
    comments: row.comments,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    approved: row.approved,
    isApproved: row.approved,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    excerpt: makeExcerpt(row.content_head.replace(/<[^>]*$/, '')),
    aiGrade: cardGrade(row.ai_grade, row.ai_label),
  };
}

/**
 * The rows past a list's cursor, in a list ordered by (created_at, id) (`<` newest first, `>` oldest first):
 * one range scan of a (…, created_at, id) index. The cursor's time is read as PostgreSQL's timestamptz (to
 * the microsecond it printed), not as a JavaScript Date would keep it.
 */
export function pastKey(direction: '<' | '>', key: { createdAt: string; id: number }) {
  return (eb: ExpressionBuilder<ArticlesDatabase, 'article'>) =>
    eb(eb.refTuple('article.created_at', 'article.id'), direction, eb.tuple(eb.cast<Date>(eb.val(key.createdAt), 'timestamptz'), eb.val(key.id)));
}
