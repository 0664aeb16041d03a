import { ArticleSummarySchema } from './articles.js';
import { ContactSubmissionSchema } from './admin.js';
import { ARTICLE_STAGES, ArticleReviewFieldsSchema } from './article-stage.js';
import { NEWSLETTER_STATUSES } from './newsletter.constants.js';
import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';

/**
 * The admin panel's server-paged lists (articles, comments, contact messages, audit log). Each answers
 * a plain array; the next page's cursor travels in NEXT_CURSOR_HEADER (as on the public list) and the
 * exact counts in the headers below. An unknown query parameter is refused with a field message,
 * so a misspelt filter never silently lists everything.
 */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Rows matching every filter of the request. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Articles list: published and draft rows of the category (or of all) and of the assignee filter,
 * whatever the status or stage filter or search. A search's X-Total-Count is the number of matches it ranks (the newest few hundred).
 */
export const PUBLISHED_COUNT_HEADER = 'x-published-count';
export const DRAFT_COUNT_HEADER = 'x-draft-count';
/** Articles list: rows of each review stage, as `draft=3,in_review=1,...`, of the category and assignee (whatever the stage filter or search). */
export const STAGE_COUNTS_HEADER = 'x-stage-counts';
/** 'true' when a search matched more articles than it ranks: narrow it (a category, a rarer word) to reach older ones. */
export const MORE_MATCHES_HEADER = 'x-more-matches';
/** Bulk actions take at most this many ids per call. */
export const ADMIN_BULK_MAX = 500;

/** The object of a list's query parameters, where any other parameter gets its own field message. */
function listQuery<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((value, ctx) => {
    if (value && typeof value === 'object') {
      for (const key of Object.keys(value))
        if (!(key in shape)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a filter of this list', input: value });
    }
    return value;
  }, z.object(shape));
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const searchTerm = z
  .string()
  .transform((value) => value.replace(CONTROL, ' ').trim())
  .pipe(z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters'));

const paging = {
  cursor: z
    .string()
    .max(300, 'must be at most 300 characters')
    .regex(/^[\w-]+$/, 'is not a valid cursor')
    .optional(),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(ADMIN_PAGE_SIZE_MAX, `must be at most ${ADMIN_PAGE_SIZE_MAX}`)
    .optional(),
};

export const ADMIN_ARTICLE_STATUSES = ['draft', 'published'] as const;
export const ADMIN_ARTICLE_SORTS = ['newest', 'oldest', 'likes'] as const;

export const AdminArticleListQuerySchema = listQuery({
  /** Full-text search (title matches first); the result is ranked, so `sort` does not apply. */
  search: searchTerm.optional(),
  status: z.enum(ADMIN_ARTICLE_STATUSES, { error: `must be one of: ${ADMIN_ARTICLE_STATUSES.join(', ')}` }).optional(),
  stage: z.enum(ARTICLE_STAGES, { error: `must be one of: ${ARTICLE_STAGES.join(', ')}` }).optional(),
  /** `me`: the caller's; or an account id. */
  assignee: z
    .union(
      [
        z.literal('me'),
        z
          .string()
          .regex(/^\d{1,9}$/)
          .transform(Number),
      ],
      { error: "must be 'me' or an account id" },
    )
    .optional(),
  category: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  sort: z.enum(ADMIN_ARTICLE_SORTS, { error: `must be one of: ${ADMIN_ARTICLE_SORTS.join(', ')}` }).optional(),
  ...paging,
});
export type AdminArticleListQuery = z.infer<typeof AdminArticleListQuerySchema>;

/** A row of Article Management: the list item with the version its publish or delete must carry. */
export const AdminArticleSummarySchema = ArticleSummarySchema.extend({ version: z.number().int() }).extend(ArticleReviewFieldsSchema.shape);
export type AdminArticleSummary = z.infer<typeof AdminArticleSummarySchema>;

const positiveId = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').positive('must be positive').max(MAX_ROW_ID, 'is too large');

export const AdminCommentListQuerySchema = listQuery({
  articleId: positiveId.optional(),
  /** Matches the comment's text or its author's name. */
  search: searchTerm.optional(),
  spam: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  ...paging,
});
export type AdminCommentListQuery = z.infer<typeof AdminCommentListQuerySchema>;

export const AdminCommentSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  articleTitle: z.string(),
  articleSlug: z.string(),
  authorName: z.string(),
  content: z.string(),
  aiResponse: z.string().nullable(),
  spam: z.boolean(),
  createdAt: z.string(),
});
export type AdminComment = z.infer<typeof AdminCommentSchema>;

export const IdsRequestSchema = z.object({
  ids: z
    .array(z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(MAX_ROW_ID, 'is too large'), {
      error: 'must be a list of ids',
    })
    .min(1, 'must name at least one id')
    .max(ADMIN_BULK_MAX, `must name at most ${ADMIN_BULK_MAX} ids`),
});
export type IdsRequest = z.infer<typeof IdsRequestSchema>;

export const MarkSpamRequestSchema = IdsRequestSchema.extend({ spam: z.boolean({ error: 'must be true or false' }).optional() });
export type MarkSpamRequest = z.infer<typeof MarkSpamRequestSchema>;

export const BulkResultSchema = z.object({ message: z.string(), count: z.number().int() });
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const AdminContactListQuerySchema = listQuery({
  search: searchTerm.optional(),
  handled: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  ...paging,
});
export type AdminContactListQuery = z.infer<typeof AdminContactListQuerySchema>;

export const MarkHandledRequestSchema = IdsRequestSchema.extend({ handled: z.boolean({ error: 'must be true or false' }).optional() });
export type MarkHandledRequest = z.infer<typeof MarkHandledRequestSchema>;

// One message for either form: a union's own would only say "Invalid input".
const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'must be a date (YYYY-MM-DD) or a date and time (ISO 8601)' });

export const AuditLogQuerySchema = listQuery({
  actor: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  /** A part of the action ('DELETE', 'comments', 'POST /api/admin/approve-blog'). */
  action: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...paging,
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  path: z.string().nullable(),
  targetId: z.string().nullable(),
  status: z.number().int(),
  /** The note a review step was taken with. */
  note: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** GET /api/admin/audit-log/refusals: the dates of the Audit tab's filters. */
export const AuditRefusalsQuerySchema = listQuery({ from: isoDate.optional(), to: isoDate.optional() });
export type AuditRefusalsQuery = z.infer<typeof AuditRefusalsQuerySchema>;

/**
 * Admin calls refused without a session in those dates: counted, not logged one by one (a few of each
 * route, status and minute are in the log as samples). `routes` are the most refused, most first.
 */
export const AuditRefusalsSchema = z.object({
  total: z.number().int(),
  routes: z.array(z.object({ action: z.string(), status: z.number().int(), count: z.number().int() })),
});
export type AuditRefusals = z.infer<typeof AuditRefusalsSchema>;

export const AdminContactSubmissionSchema = ContactSubmissionSchema.extend({ handled: z.boolean() });
export type AdminContactSubmission = z.infer<typeof AdminContactSubmissionSchema>;

/** The event of the live events (api.admin.liveEvents, server-sent) that follows every committed article change. */
export const ADMIN_EVENT_CHANGED = 'changed';

export const AdminNewsletterSubscriberListQuerySchema = listQuery({
  /** Part of the address. */
  search: searchTerm.optional(),
  status: z.enum(NEWSLETTER_STATUSES, { error: `must be one of: ${NEWSLETTER_STATUSES.join(', ')}` }).optional(),
  ...paging,
});
export type AdminNewsletterSubscriberListQuery = z.infer<typeof AdminNewsletterSubscriberListQuerySchema>;

export const AdminNewsletterDigestListQuerySchema = listQuery({ ...paging });
export type AdminNewsletterDigestListQuery = z.infer<typeof AdminNewsletterDigestListQuerySchema>;
