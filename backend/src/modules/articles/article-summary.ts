import type { ArticleSummary } from '@ai-mind/contracts';
import { articleColumnList, type ArticleRow } from './article-row.js';

/**
 * Enough of the body for a 200-character excerpt: the text of any sane article starts well within
 * this many characters of HTML, and the full body (often tens of kilobytes) never leaves PostgreSQL.
 */
const CONTENT_HEAD_CHARS = 4000;

/** The columns of a list item, for raw SQL over `article a`. */
export const SUMMARY_COLUMNS = `${articleColumnList('a', [
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
])}, left(a.content, ${CONTENT_HEAD_CHARS}) as content_head`;

/** A list item's row: the article's columns but the body and version, plus the body's head. */
export type SummaryRow = Omit<ArticleRow, 'content' | 'version'> & { content_head: string; created_at_key?: string };

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
  };
}
