import type { ArticleSummary } from '@ai-mind/contracts';
import { articleColumnList } from './article-row.js';

/**
 * Enough of the body for a 200-character excerpt: the text of any sane article starts well within
 * this many characters of HTML, and the full body (often tens of kilobytes) never leaves PostgreSQL.
 */
const CONTENT_HEAD_CHARS = 4000;

/** The columns of a list item, for raw SQL over `article a`. */
export const SUMMARY_COLUMNS = `${articleColumnList('a', [
  'id', 'title', 'slug', 'category', 'imageUrl', 'sourceUrl', 'aiCommentary', 'likes', 'shares', 'comments', 'approved', 'metaTitle', 'metaDescription', 'createdAt', 'updatedAt',
])}, left(a.content, ${CONTENT_HEAD_CHARS}) as content_head`;

export interface SummaryRow {
  id: number;
  title: string;
  slug: string;
  category: string;
  image_url: string | null;
  source_url: string | null;
  ai_commentary: string | null;
  likes: number;
  shares: number;
  comments: number;
  approved: boolean;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Date;
  updated_at: Date;
  content_head: string;
  created_at_key?: string;
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
  };
}
