import { ARTICLE_PAGE_SIZE_MAX, SLUG_PATTERN } from './articles.constants.js';
import { CORRECTION_KINDS } from './public-record.constants.js';
import { z } from './zod.js';
import { ArticleGradeSchema } from './disclosure.js';

export * from './articles.constants.js';

/** A dated note on a published article, kept on the article row (so each is a revision of its history). */
export const CorrectionSchema = z.object({
  id: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  /** Plain text, shown as text. */
  text: z.string(),
  createdAt: z.string(),
  /** An update note written from reports that came after publication: their links, so they no longer count as new. */
  covers: z.array(z.string()).optional(),
});
export type Correction = z.infer<typeof CorrectionSchema>;

export const ArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  aiCommentary: z.string().nullable(),
  likes: z.number().int(),
  shares: z.number().int(),
  comments: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approved: z.boolean(),
  /** The spec's clients read the flag under both names. */
  isApproved: z.boolean(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  /** Its corrections and update notes, oldest first. */
  corrections: z.array(CorrectionSchema),
});
export type Article = z.infer<typeof ArticleSchema>;

export const ArticleListSchema = z.array(ArticleSchema);

/** Cards need no article HTML: list items carry a server-computed excerpt instead of `content`. */
export const ArticleSummarySchema = ArticleSchema.omit({ content: true, corrections: true }).extend({
  /** The content without tags, cut to EXCERPT_LENGTH characters plus '...' when longer. */
  excerpt: z.string(),
  /** The article's AI involvement grade as last computed (docs/disclosure.md): cards show its label, the EU disclosure when `disclosed`. */
  aiGrade: ArticleGradeSchema.pick({ grade: true, label: true, disclosed: true }).optional(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSummaryListSchema = z.array(ArticleSummarySchema);

/** Control characters never belong in a search term, and PostgreSQL refuses NUL in text. */
const searchTerm = z
  .string()
  // eslint-disable-next-line no-control-regex
  .transform((value) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim())
  .pipe(z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'));

/** The public list: published articles only, so `approved` may only say 'true'. */
export const ArticleListQuerySchema = z.object({
  approved: z.literal('true', { message: "must be 'true': only published articles are public" }).optional(),
  category: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  /** Full-text search over title, content and commentary; results come best match first. */
  search: searchTerm.optional(),
  /** Opaque, from the previous page's NEXT_CURSOR_HEADER. */
  cursor: z
    .string()
    .max(300, 'must be at most 300 characters')
    .regex(/^[\w-]+$/, 'is not a valid cursor')
    .optional(),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(ARTICLE_PAGE_SIZE_MAX, `must be at most ${ARTICLE_PAGE_SIZE_MAX}`)
    .optional(),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuerySchema>;

export const ArticleSlugParamsSchema = z.object({
  slug: z.string().max(200, 'must be at most 200 characters').regex(SLUG_PATTERN, 'must be a lowercase slug'),
});
