import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { ArticleSchema } from './articles.js';
import { ARTICLE_STAGES, ArticleReviewFieldsSchema } from './article-stage.js';

/** The version an editor loaded: saves, publishes and deletes carrying it are refused (409) over a newer change. */
export const articleVersion = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(MAX_ROW_ID, 'is too large');

/** An article as the admin sees it: with the version its next save must carry. */
export const AdminArticleSchema = ArticleSchema.extend({ version: z.number().int() });
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

/** GET /api/admin/articles/:id: the article with where it is in review. */
export const ReviewedArticleSchema = AdminArticleSchema.extend(ArticleReviewFieldsSchema.shape);
export type ReviewedArticle = z.infer<typeof ReviewedArticleSchema>;

/** 'correction' is a dated correction or update note added to a published article. */
export const RevisionActionSchema = z.enum([
  'create',
  'update',
  'publish',
  'unpublish',
  'restore',
  'delete',
  'submit',
  'request-changes',
  'mark-ready',
  'schedule',
  'unschedule',
  'assign',
  'correction',
]);

/** One committed change of an article, as its History lists it. */
export const ArticleRevisionSummarySchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  action: RevisionActionSchema,
  /** `admin:<name>`, `job:<name>`, `recovery:<path> by <who asked>`, `automation`, `demo-seed` or `sql:<database user>`. */
  actor: z.string(),
  /** The article's columns this change set (every column for a create). */
  changed: z.array(z.string()),
  version: z.number().int().nullable(),
  createdAt: z.string(),
  title: z.string(),
  approved: z.boolean(),
  /** The note the step was taken with (a review step's). */
  note: z.string().nullable(),
  stage: z.enum(ARTICLE_STAGES),
});
export type ArticleRevisionSummary = z.infer<typeof ArticleRevisionSummarySchema>;

/** A revision with the fields an editor compares: title, status, meta description and content. */
export const ArticleRevisionDetailSchema = ArticleRevisionSummarySchema.extend({
  content: z.string(),
  metaDescription: z.string().nullable(),
  category: z.string(),
});
export type ArticleRevisionDetail = z.infer<typeof ArticleRevisionDetailSchema>;

export const ArticleRevisionListSchema = z.array(ArticleRevisionSummarySchema);

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`);

export const ArticleHistoryParamsSchema = z.object({ id: positiveId('article id') });
export const ArticleRevisionParamsSchema = z.object({ id: positiveId('article id'), revisionId: positiveId('revision id') });
export type ArticleRevisionParams = z.infer<typeof ArticleRevisionParamsSchema>;

/** Restores the revision's title, content, category and SEO fields as a new revision; the status stays. */
export const RestoreRevisionRequestSchema = z.object({ version: articleVersion });
export type RestoreRevisionRequest = z.infer<typeof RestoreRevisionRequestSchema>;

/** The message of a 409 on a save over a newer change starts so; it goes on to name who changed the article and when. */
export const VERSION_CONFLICT_PREFIX = 'Someone else changed this article after you opened it';
