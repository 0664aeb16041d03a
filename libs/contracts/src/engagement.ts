import { COMMENT_CONTENT_MAX, COMMENT_MESSAGES, COMMENT_NAME_MAX } from './engagement.constants.js';
import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { TRAFFIC_SOURCE_MAX } from './traffic-source.js';
import { PAGE_VIEW_TOKEN_MAX } from './page-data.js';

export * from './engagement.constants.js';

// ---- Likes and shares (docs/product.md #entities, #calls and #messages) ----

export const InteractionRequestSchema = z.object({
  articleId: z.number().int().positive(),
  type: z.enum(['like', 'share'], { message: "must be 'like' or 'share'" }),
  content: z.string().max(500, 'must be at most 500 characters').optional(),
});
export type InteractionRequest = z.infer<typeof InteractionRequestSchema>;

/**
 * A page of this site to send a reader back to after a form: a path (never another origin, never
 * `//host`), in printable ASCII as a browser writes a page's path (non-ASCII percent-encoded), so it
 * is always a valid Location header.
 */
export const SitePathSchema = z.string().regex(/^\/(?!\/)[!-[\]-~]*$/, 'must be a path of this site');

/** The Like and Share buttons' form (POST /api/interactions/form, urlencoded): the article, what to count, and the page to go back to. */
export const InteractionFormSchema = z.object({
  articleId: z.coerce.number({ error: 'must be an article id' }).int('must be an article id').positive('must be an article id'),
  type: z.enum(['like', 'share'], { error: "must be 'like' or 'share'" }),
  back: SitePathSchema.optional(),
});
export type InteractionForm = z.infer<typeof InteractionFormSchema>;

/** The article's counters after the interaction was recorded. */
export const InteractionResponseSchema = z.object({ likes: z.number().int(), shares: z.number().int() });
export type InteractionResponse = z.infer<typeof InteractionResponseSchema>;

// ---- Comments (docs/product.md #entities, #validation, #calls and #messages) ----

export const CreateCommentRequestSchema = z.object({
  authorName: z.string().trim().min(1, COMMENT_MESSAGES.incomplete).max(COMMENT_NAME_MAX, `must be at most ${COMMENT_NAME_MAX} characters`),
  content: z.string().trim().min(1, COMMENT_MESSAGES.incomplete).max(COMMENT_CONTENT_MAX, `must be at most ${COMMENT_CONTENT_MAX} characters`),
});
export type CreateCommentRequest = z.infer<typeof CreateCommentRequestSchema>;

export const CommentSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  /** A comment from the fediverse: its author's profile (http or https); null for one written on the site. */
  authorUrl: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  /** Null until the AI's reply has been written. */
  aiResponse: z.string().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ArticleIdParamsSchema = z.object({
  id: z.coerce.number().int().positive({ message: 'must be an article id' }).max(MAX_ROW_ID, { message: 'must be an article id' }),
});

// ---- Newsletter ----

export const NewsletterRequestSchema = z.object({
  email: z.string().trim().max(320).pipe(z.email('Please enter a valid email address')),
});
export type NewsletterRequest = z.infer<typeof NewsletterRequestSchema>;

// ---- Geolocation, consent and analytics (docs/product.md #entities and #limits) ----

/** The visitor's country as ISO 3166-1 alpha-2, or null when unknown. */
export const GeoResponseSchema = z.object({ country: z.string().length(2).nullable() });
export type GeoResponse = z.infer<typeof GeoResponseSchema>;

/** The path of a public page, as the browser shows it. */
const PageViewPathSchema = z.string().min(1).max(500).startsWith('/', 'must be a path');

/**
 * A page view, sent by the site only once the visitor allowed analytics, with the token the server
 * signed into the page it served for `path` (PageData.viewToken, or the pageview-token route's).
 */
export const PageViewRequestSchema = z.object({
  path: PageViewPathSchema,
  title: z.string().max(300).optional(),
  /** utm_source, a named search engine or social site, the referrer host, or 'direct': stored as its bucket (trafficSourceBucket). */
  source: z.string().min(1).max(TRAFFIC_SOURCE_MAX),
  token: z.string().min(1).max(PAGE_VIEW_TOKEN_MAX),
});
export type PageViewRequest = z.infer<typeof PageViewRequestSchema>;

/** GET /api/analytics/pageview-token: the token of the page at `path`, for a page the site opened without loading it. */
export const PageViewTokenQuerySchema = z.object({ path: PageViewPathSchema });
export type PageViewTokenQuery = z.infer<typeof PageViewTokenQuerySchema>;

export const PageViewTokenSchema = z.object({ token: z.string() });
export type PageViewToken = z.infer<typeof PageViewTokenSchema>;
