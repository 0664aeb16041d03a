import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { ArticleSchema } from './articles.js';
import { articleVersion } from './article-history.js';
import { META_DESCRIPTION_LENGTH } from './seo.js';
import { SignedInAccountSchema } from './people.js';
import { WebLinkSchema } from './web-link.js';
import { articleContent } from './article-body-limits.schema.js';
import { SingleSourceNoteSchema } from './outlets.js';

export const AdminLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100, 'must be at most 100 characters'),
  password: z.string().min(1, 'Password is required').max(200, 'must be at most 200 characters'),
  /** The one-time code emailed when the username's sign-in rate refused a sign-in (see SIGN_IN_CODE_OFFER): 12 digits, as 1234-5678-9012 or without the dashes. */
  code: z
    .string()
    .trim()
    .regex(/^(\d{4}[ -]?){2}\d{4}$/, 'The sign-in code is the 12 digits of the email')
    .transform((code) => code.replace(/\D/g, ''))
    .optional(),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

/**
 * The field error (path `code`) of a sign-in the username's rate refused (429): a code is on its way to
 * the account's email address, and the sign-in form asks for it.
 */
export const SIGN_IN_CODE_OFFER = 'If this account has an email address, we sent it a sign-in code: enter it with your password.';

export const AdminCheckResponseSchema = z.object({
  authenticated: z.boolean(),
  username: z.string().optional(),
  /** Sent back in the x-csrf-token header on every admin call that changes something. */
  csrfToken: z.string().optional(),
  /** The signed-in account, its role and what the role may do. */
  account: SignedInAccountSchema.optional(),
});
export type AdminCheckResponse = z.infer<typeof AdminCheckResponseSchema>;

/** A blog (article) id as the admin calls send it: a number, or a string of digits. */
const blogId = z.unknown().transform((value, ctx) => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ROW_ID) {
    ctx.addIssue({ code: 'custom', message: `Invalid blog ID: ${typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')}` });
    return z.NEVER;
  }
  return id;
});

/** `version`: the one the editor loaded (see VersionConflictSchema); clients that send none are not checked. */
/** `overrideClaims` (publish only): publish over open claim flags, recorded on each claim with who and when. */
export const ArticleIdRequestSchema = z.object({ blogId, version: articleVersion.optional(), overrideClaims: z.boolean().optional() });
export type ArticleIdRequest = z.infer<typeof ArticleIdRequestSchema>;

export const AdminArticleIdParamsSchema = z.object({ id: blogId });

export const ARTICLE_SAVE_INCOMPLETE_MESSAGE = 'Please fill in both title and content before saving.';

export const UpdateArticleRequestSchema = z.object({
  title: z.string().trim().min(1, ARTICLE_SAVE_INCOMPLETE_MESSAGE).max(300, 'must be at most 300 characters'),
  content: articleContent.refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, ARTICLE_SAVE_INCOMPLETE_MESSAGE),
  metaDescription: z.string().trim().max(META_DESCRIPTION_LENGTH, `must be at most ${META_DESCRIPTION_LENGTH} characters`).optional(),
  version: articleVersion.optional(),
});
export type UpdateArticleRequest = z.infer<typeof UpdateArticleRequestSchema>;

export const UpdateArticleResponseSchema = z.object({
  message: z.string(),
  seoSchema: z.record(z.string(), z.unknown()),
  sitemapUpdated: z.boolean(),
});
export type UpdateArticleResponse = z.infer<typeof UpdateArticleResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const ContactSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  submittedAt: z.string(),
});
export type ContactSubmission = z.infer<typeof ContactSubmissionSchema>;

/** Trending topic as the admin sees it (docs/product.md#entities). */
export const TrendingTopicSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  source: z.string(),
  priority: z.string(),
  category: z.string(),
  mentions: z.number().int(),
  trend: z.string(),
  sourceUrl: z.string().nullable(),
});
export type TrendingTopic = z.infer<typeof TrendingTopicSchema>;

export const ApproveTopicRequestSchema = z
  .object({
    topicId: z.number().int().positive().max(MAX_ROW_ID, 'is too large'),
    topic: z.string().trim().min(1).max(300),
    sourceUrl: WebLinkSchema.nullable().optional(),
    category: z.string().trim().min(1).max(100),
    /**
     * The override for a topic covered by fewer independent outlets than the newsroom requires: the AI
     * may write from it, and the article says "single source" (docs/independent-sources.md).
     */
    singleSource: z.boolean('must be true or false').optional(),
    /** Why, in the editor's words: required with singleSource, kept with the approval. */
    note: SingleSourceNoteSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.singleSource && body.note === undefined)
      context.addIssue({ code: 'custom', path: ['note'], message: "must say why the topic may be written from a single source (the editor's note)" });
    if (!body.singleSource && body.note !== undefined)
      context.addIssue({ code: 'custom', path: ['singleSource'], message: 'must be true when a single-source note is given' });
  });
export type ApproveTopicRequest = z.infer<typeof ApproveTopicRequestSchema>;

export const DeclineTopicRequestSchema = z.object({
  topicId: z.number().int().positive().max(MAX_ROW_ID, 'is too large'),
  topic: z.string().trim().min(1).max(300),
});
export type DeclineTopicRequest = z.infer<typeof DeclineTopicRequestSchema>;

export const ApprovedTopicSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  category: z.string(),
  /** e.g. sent_to_automation, blog_received */
  status: z.string(),
  approvedAt: z.string(),
  blog: ArticleSchema.nullable().optional(),
});
export type ApprovedTopic = z.infer<typeof ApprovedTopicSchema>;

export const RegenerateImagesRequestSchema = z
  .object({ blogIds: z.array(z.number().int().positive().max(MAX_ROW_ID, 'is too large')).max(10_000).optional(), regenerateAll: z.boolean().optional() })
  .refine((body) => body.regenerateAll === true || (body.blogIds?.length ?? 0) > 0, 'Give blogIds or regenerateAll: true');
export type RegenerateImagesRequest = z.infer<typeof RegenerateImagesRequestSchema>;

export const RegenerateImagesResponseSchema = z.object({
  /** Articles whose image was replaced before the answer (the wait is bounded; the rest finish in the background). */
  updatedCount: z.number().int(),
  queuedCount: z.number().int().optional(),
  pendingCount: z.number().int().optional(),
  failedCount: z.number().int().optional(),
  message: z.string().optional(),
});
export type RegenerateImagesResponse = z.infer<typeof RegenerateImagesResponseSchema>;

/** An article put back by a recovery run, and where its restored version came from. */
export const RestoredArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  approved: z.boolean(),
  /** 'revision', 'backup 12', 'file articles-12-….json.gz' or 'live page'. */
  source: z.string(),
});
export type RestoredArticle = z.infer<typeof RestoredArticleSchema>;

export const ForceRecoveryResponseSchema = z.object({
  message: z.string().optional(),
  restoredCount: z.number().int().optional(),
  restoredArticles: z.array(RestoredArticleSchema).optional(),
});
export type ForceRecoveryResponse = z.infer<typeof ForceRecoveryResponseSchema>;

export const ExhaustiveRecoveryResponseSchema = z.object({
  /** Distinct articles found across every backup and revision. */
  articlesFound: z.number().int(),
  backupsFound: z.number().int(),
  finalStats: z.object({ totalArticlesNow: z.number().int(), publishedArticlesNow: z.number().int() }),
  /** Of those, the ones that were missing and are now restored. */
  restoredCount: z.number().int().optional(),
  restoredArticles: z.array(RestoredArticleSchema).optional(),
  message: z.string().optional(),
});
export type ExhaustiveRecoveryResponse = z.infer<typeof ExhaustiveRecoveryResponseSchema>;

export const RecreateFromSitemapResponseSchema = z.object({
  recreatedArticles: z.array(RestoredArticleSchema),
  totalArticlesNow: z.number().int(),
  publishedArticlesNow: z.number().int(),
  message: z.string().optional(),
});
export type RecreateFromSitemapResponse = z.infer<typeof RecreateFromSitemapResponseSchema>;
