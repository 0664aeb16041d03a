import { articleVersion } from './article-history.js';
import { ArticleSchema, CorrectionSchema } from './articles.js';
import { ArticleGradeSchema } from './disclosure.js';
import { PublicArticleSourceSchema } from './provenance.js';
import { WebLinkSchema } from './web-link.js';
import {
  CORRECTION_KINDS,
  CORRECTION_TEXT_MAX,
  CORRECTION_TEXT_MIN,
  ERROR_REPORT_DETAILS_MAX,
  ERROR_REPORT_MESSAGES,
  ERROR_REPORT_QUOTE_MAX,
  ERROR_REPORT_STATUSES,
} from './public-record.constants.js';
import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';

export * from './public-record.constants.js';

// ---- Corrections and update notes ----

export const AddCorrectionRequestSchema = z.object({
  kind: z.enum(CORRECTION_KINDS, { error: "must be 'correction' or 'update'" }),
  text: z
    .string({ error: 'must be text' })
    .trim()
    .min(CORRECTION_TEXT_MIN, `must be at least ${CORRECTION_TEXT_MIN} characters`)
    .max(CORRECTION_TEXT_MAX, `must be at most ${CORRECTION_TEXT_MAX} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text), 'must not contain control characters'),
  /** The version the editor saw: a note over a newer change is refused (409), as a save is. */
  version: articleVersion.optional(),
  /** For an update written from new reports on the story: their links. */
  covers: z.array(WebLinkSchema).max(50, 'must name at most 50 reports').optional(),
});
export type AddCorrectionRequest = z.infer<typeof AddCorrectionRequestSchema>;

/** One line of the public /corrections page: the note and the article it belongs to. */
export const CorrectionEntrySchema = CorrectionSchema.extend({
  article: z.object({ id: z.number().int(), title: z.string(), slug: z.string(), category: z.string() }),
});
export type CorrectionEntry = z.infer<typeof CorrectionEntrySchema>;
export const CorrectionEntryListSchema = z.array(CorrectionEntrySchema);

// ---- How an article was made ----

/**
 * How an article was made, as readers are told (its label, its "How this was made" panel, its
 * structured data): the public side of the provenance record, with the history's editor and dates.
 */
export const PublicProvenanceSchema = z.object({
  /** Who wrote the first draft: the AI (generator or automation service), or not known (demo seed, SQL by hand, before records were kept). */
  draftedBy: z.enum(['ai', 'unknown']),
  /** The sources, in the order of their reference markers; null when none were recorded. */
  sources: z.array(PublicArticleSourceSchema).nullable(),
  /** The engine or model that wrote the draft, in words ('offline engine', 'model gpt-4o-mini', ...). */
  engine: z.string().nullable(),
  promptVersion: z.string().nullable(),
  /** The editor who published it (display name), and when. */
  reviewedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** How much of the AI draft's words the editors changed before now, from the history (0 to 1). */
  editedShare: z.number().min(0).max(1).nullable(),
  claims: z.object({ checked: z.number().int(), flagged: z.number().int(), overridden: z.number().int() }).nullable(),
  /** What is not known, in words for readers (shown as such, never guessed). */
  unknown: z.array(z.string()),
  /** The AI involvement grade computed from the records (gradeArticle, docs/disclosure.md), with the label readers see. */
  grade: ArticleGradeSchema,
});
export type PublicProvenance = z.infer<typeof PublicProvenanceSchema>;

// ---- Readers' error reports ----

export const CreateErrorReportRequestSchema = z.object({
  details: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, ERROR_REPORT_MESSAGES.incomplete)
    .max(ERROR_REPORT_DETAILS_MAX, `must be at most ${ERROR_REPORT_DETAILS_MAX} characters`),
  /** The sentence at fault, as the reader copied it. */
  quote: z.string({ error: 'must be text' }).trim().max(ERROR_REPORT_QUOTE_MAX, `must be at most ${ERROR_REPORT_QUOTE_MAX} characters`).optional(),
});
export type CreateErrorReportRequest = z.infer<typeof CreateErrorReportRequestSchema>;

export const ErrorReportReceiptSchema = z.object({ id: z.number().int(), message: z.string() });
export type ErrorReportReceipt = z.infer<typeof ErrorReportReceiptSchema>;

export const AdminErrorReportSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  articleTitle: z.string().nullable(),
  articleSlug: z.string().nullable(),
  details: z.string(),
  quote: z.string().nullable(),
  status: z.enum(ERROR_REPORT_STATUSES),
  createdAt: z.string(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type AdminErrorReport = z.infer<typeof AdminErrorReportSchema>;

export const AdminErrorReportListQuerySchema = z.object({
  status: z.enum(ERROR_REPORT_STATUSES, { error: `must be one of ${ERROR_REPORT_STATUSES.join(', ')}` }).optional(),
  article: z.coerce
    .number({ error: 'must be an article id' })
    .int('must be an article id')
    .positive('must be an article id')
    .max(MAX_ROW_ID, 'must be an article id')
    .optional(),
});
export type AdminErrorReportListQuery = z.infer<typeof AdminErrorReportListQuerySchema>;

export const SetErrorReportStatusRequestSchema = z.object({
  ids: z.array(z.number().int().positive().max(MAX_ROW_ID, 'is too large')).min(1, 'must name at least one report').max(100, 'must name at most 100 reports'),
  status: z.enum(ERROR_REPORT_STATUSES, { error: `must be one of ${ERROR_REPORT_STATUSES.join(', ')}` }),
});
export type SetErrorReportStatusRequest = z.infer<typeof SetErrorReportStatusRequestSchema>;

/** A published article as readers' pages and apps read it: the article and how it was made. */
export const PublicArticleSchema = ArticleSchema.extend({ provenance: PublicProvenanceSchema });
export type PublicArticle = z.infer<typeof PublicArticleSchema>;

/** A report on a published article's story that came after it was published (and no update note covers yet). */
export const StoryReportSchema = z.object({
  outlet: z.string(),
  title: z.string(),
  summary: z.string(),
  link: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type StoryReport = z.infer<typeof StoryReportSchema>;

/** The new reports on one published article's story (`GET /api/admin/articles/:id/new-reports`). */
export const NewStoryReportsSchema = z.object({ articleId: z.number().int(), title: z.string(), reports: z.array(StoryReportSchema) });
export type NewStoryReports = z.infer<typeof NewStoryReportsSchema>;
