import { MAX_ROW_ID } from './ids.js';
import { z } from './zod.js';

/**
 * The source watch (docs/source-watch.md): the sources of recently published articles are read again
 * on a schedule, and a source that changed, was rewritten or is gone raises an item in the "Source
 * changes" queue, beside the claims of the article that cite it.
 */

/** What happened to a source: its text changed a little, most of it was rewritten, or its page is gone (404/410). */
export const SOURCE_CHANGE_KINDS = ['changed', 'rewritten', 'gone'] as const;
export type SourceChangeKind = (typeof SOURCE_CHANGE_KINDS)[number];

/** Open until an editor resolves it (the article was corrected or updated) or dismisses it (nothing to do). */
export const SOURCE_CHANGE_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type SourceChangeStatus = (typeof SOURCE_CHANGE_STATUSES)[number];

/** The most items one answer of the queue holds (the oldest open first). */
export const SOURCE_CHANGE_PAGE_SIZE = 100;

/** A claim of the article that cites the source, as the claim check linked it. */
export const SourceChangeClaimSchema = z.object({
  id: z.number().int(),
  sentence: z.string(),
  passage: z.string().nullable(),
});

export const SourceChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SOURCE_CHANGE_KINDS),
  status: z.enum(SOURCE_CHANGE_STATUSES),
  detectedAt: z.iso.datetime({ offset: true }),
  /** The share of the source's words changed since the article was written from it (changed, rewritten). */
  changedShare: z.number().nullable(),
  /** The server's answer when gone. */
  httpStatus: z.number().int().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  source: z.object({
    id: z.number().int(),
    number: z.number().int(),
    outlet: z.string(),
    title: z.string(),
    link: z.string(),
  }),
  article: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  claims: z.array(SourceChangeClaimSchema),
});
export type SourceChange = z.infer<typeof SourceChangeSchema>;

export const SourceChangeListQuerySchema = z.object({
  status: z.enum(SOURCE_CHANGE_STATUSES).default('open'),
});
export type SourceChangeListQuery = z.infer<typeof SourceChangeListQuerySchema>;

export const SourceChangeIdParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be positive').max(MAX_ROW_ID, 'is too large'),
});

/** An editor closes an open item: resolved (the article was corrected or updated) or dismissed. */
export const SetSourceChangeStatusRequestSchema = z.object({
  status: z.enum(['resolved', 'dismissed'], 'must be resolved or dismissed'),
});
export type SetSourceChangeStatusRequest = z.infer<typeof SetSourceChangeStatusRequestSchema>;

/** What a run of the watch found, by source. */
export const SourceWatchRunSchema = z.object({
  checked: z.number().int(),
  unchanged: z.number().int(),
  changed: z.number().int(),
  rewritten: z.number().int(),
  gone: z.number().int(),
  failed: z.number().int(),
  baselined: z.number().int(),
});
export type SourceWatchRun = z.infer<typeof SourceWatchRunSchema>;

export const sourceChangeKeys = {
  all: ['admin', 'source-changes'] as const,
  list: (status: SourceChangeStatus) => [...sourceChangeKeys.all, status] as const,
};
