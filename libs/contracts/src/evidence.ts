import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';
import { AiGradeSchema, GradeCheckSchema } from './disclosure.js';

/**
 * The evidence behind each article's AI involvement grade, exported on request by the owner (the admin's
 * download, `GET /api/admin/evidence`, and the CLI's `evidence` command): one article, or every
 * article published in a period. Each record is read from what the site keeps (the article's history,
 * its claim check, its corrections, its grade history), never typed for the export.
 */

/** The longest period one export covers, in days (a period export streams; this bounds how long one runs). */
export const EVIDENCE_MAX_DAYS = 366;
export const EVIDENCE_FORMATS = ['csv', 'json'] as const;
export type EvidenceFormat = (typeof EVIDENCE_FORMATS)[number];

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const DAY_MS = 86_400_000;
const SHAPE = { article: true, from: true, to: true, format: true } as const;

/**
 * One article (`article`) or a period (`from` and `to`, whole UTC days, both included: the articles
 * published in it), and the format. Any other parameter is refused with its own message.
 */
export const EvidenceQuerySchema = z
  .preprocess(
    (value, ctx) => {
      if (value && typeof value === 'object') {
        for (const key of Object.keys(value))
          if (!(key in SHAPE)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a parameter of the export', input: value });
      }
      return value;
    },
    z.object({
      article: z.coerce
        .number({ error: 'must be an article id (a number)' })
        .int('must be a whole number')
        .positive('must be positive')
        .max(MAX_ROW_ID, 'is too large')
        .optional(),
      from: day.optional(),
      to: day.optional(),
      format: z.enum(EVIDENCE_FORMATS, { error: "must be 'csv' or 'json'" }).default('csv'),
    }),
  )
  .superRefine((query, ctx) => {
    if (query.article !== undefined) {
      if (query.from !== undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be given with article' });
      if (query.to !== undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be given with article' });
      return;
    }
    if (query.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required (or give article)' });
    if (query.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required (or give article)' });
    if (query.from === undefined || query.to === undefined) return;
    const days = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > EVIDENCE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${EVIDENCE_MAX_DAYS} days after from` });
  });
export type EvidenceQuery = z.infer<typeof EvidenceQuerySchema>;

/** One revision of the article's history (article_revision), as it was recorded. */
export const EvidenceStepSchema = z.object({
  revisionId: z.number().int(),
  at: z.string(),
  /** `admin:<username>`, `job:<name>`, `automation`, `demo-seed`, `sql:<user>`, `recovery:...`. */
  actor: z.string(),
  action: z.string(),
  /** The review stage before and after this revision (null before the first). */
  stageFrom: z.string().nullable(),
  stageTo: z.string(),
  note: z.string().nullable(),
});
export type EvidenceStep = z.infer<typeof EvidenceStepSchema>;

/** A claim the check flagged: its sentence, flags, and who published over it when, with their note. */
export const EvidenceClaimSchema = z.object({
  position: z.number().int(),
  sentence: z.string(),
  flags: z.array(z.string()),
  sourceNumber: z.number().int().nullable(),
  overriddenBy: z.string().nullable(),
  overriddenAt: z.string().nullable(),
  /** The note of the publish or schedule step the override was recorded with. */
  note: z.string().nullable(),
});
export type EvidenceClaim = z.infer<typeof EvidenceClaimSchema>;

export const EvidenceLabelSchema = z.object({
  grade: AiGradeSchema,
  label: z.string(),
  disclosed: z.boolean(),
  /** From when readers were shown it: the article published with it, or its grade changed while published. */
  since: z.string(),
  /** Until when: its next grade, or the article unpublished; null while it is still shown. */
  until: z.string().nullable(),
  /** The revision that started it (a publication, or the newest revision when the grade changed); null when the record does not say. */
  revisionId: z.number().int().nullable(),
});
export type EvidenceLabel = z.infer<typeof EvidenceLabelSchema>;

/** The record behind one article's grade. */
export const EvidenceRecordSchema = z.object({
  article: z.object({ id: z.number().int(), title: z.string(), url: z.string(), stage: z.string(), publishedAt: z.string().nullable() }),
  grade: z.object({ grade: AiGradeSchema, label: z.string(), disclosed: z.boolean(), checks: z.array(GradeCheckSchema) }),
  /** The name of the person who published it, as readers are told; null when no person with an account did. */
  responsibleEditor: z.string().nullable(),
  /** Share of the AI draft's words changed by people (0 to 1); null without an AI draft. */
  editedShare: z.number().nullable(),
  steps: z.array(EvidenceStepSchema),
  claims: z
    .object({
      checkedAt: z.string(),
      articleVersion: z.number().int(),
      checked: z.number().int(),
      flagged: z.number().int(),
      overridden: z.number().int(),
      open: z.number().int(),
      /** Only the flagged ones: the others were supported by their source. */
      flaggedClaims: z.array(EvidenceClaimSchema),
    })
    .nullable(),
  corrections: z.array(z.object({ id: z.string(), kind: z.string(), text: z.string(), createdAt: z.string() })),
  /** Which label readers were shown, from when to when, oldest first. */
  labels: z.array(EvidenceLabelSchema),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

/** The JSON export: the query, when it was made, and the records (streamed in this order). */
export const EvidenceExportSchema = z.object({
  exportedAt: z.string(),
  query: z.object({ article: z.number().int().nullable(), from: z.string().nullable(), to: z.string().nullable() }),
  articles: z.array(EvidenceRecordSchema),
});
export type EvidenceExport = z.infer<typeof EvidenceExportSchema>;

/**
 * The CSV export is long: one row per fact, each carrying its article's columns, so a spreadsheet filters
 * it by article or by `record`: `grade` (the current grade), `check` (each rule of a substantive review,
 * met or not), `step` (each revision of the history), `claims` (the check's counts), `claim` (each
 * flagged claim, with its override), `correction`, and `label` (each label readers were shown, from `at` to `until`).
 */
export const EVIDENCE_CSV_COLUMNS = [
  'article_id',
  'title',
  'url',
  'grade',
  'label',
  'responsible_editor',
  'edited_share',
  'record',
  'at',
  'actor',
  'action',
  'stage_from',
  'stage_to',
  'note',
  'detail',
  'until',
  'revision_id',
] as const;
export type EvidenceCsvColumn = (typeof EVIDENCE_CSV_COLUMNS)[number];
