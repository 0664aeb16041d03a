import { z } from './zod.js';

/**
 * How much of an article the AI wrote, and whether people stood behind it: computed from the records
 * (the article's history, its generation record and claim check), never typed by hand. The rule is
 * `gradeArticle` below; docs/disclosure.md says it in words.
 *
 * - `ai-unreviewed`: written by the AI (or of unrecorded origin) and not substantively reviewed.
 *   The EU AI Act's Article 50(4) disclosure applies: readers see "AI-generated".
 * - `ai-reviewed`: written by the AI and reviewed under a named editor's responsibility (the
 *   exemption of Article 50(4) is met, and the record shows why).
 * - `human-ai-assisted`: an AI draft that people rewrote for the most part (at least half its words),
 *   under a named editor.
 * - `human`: first written by a person with an account, no AI draft behind it.
 */
export const AI_GRADES = ['ai-unreviewed', 'ai-reviewed', 'human-ai-assisted', 'human'] as const;
export const AiGradeSchema = z.enum(AI_GRADES);
export type AiGrade = z.infer<typeof AiGradeSchema>;

/** What readers see for each grade, next to the headline, in cards, feeds, emails and social tags. */
export const AI_GRADE_LABELS: Record<AiGrade, string> = {
  'ai-unreviewed': 'AI-generated',
  'ai-reviewed': 'Written by AI, reviewed by an editor',
  'human-ai-assisted': 'Written by a person with AI help',
  human: 'Written by a person',
};

/**
 * The label of an article written from fewer independent outlets than the newsroom requires, approved
 * as single-source with an editor's note (docs/independent-sources.md): the grade's label says so.
 */
export const SINGLE_SOURCE_GRADE_LABELS: Record<AiGrade, string> = {
  'ai-unreviewed': 'AI-generated from a single source',
  'ai-reviewed': 'Written by AI from a single source, reviewed by an editor',
  'human-ai-assisted': 'Written by a person with AI help, from a single source',
  human: 'Written by a person from a single source',
};

/** Whether the grade carries the EU "AI-generated" disclosure (Article 50(4) exemption not met). */
export function gradeNeedsDisclosure(grade: AiGrade): boolean {
  return grade === 'ai-unreviewed';
}

/** The thresholds of a substantive review, in one place (docs/disclosure.md quotes them). */
export const SUBSTANTIVE_REVIEW = {
  /** Minutes between the article entering review and its publication, when the editor changed little. */
  minReviewMinutes: 5,
  /** Or: the share of the AI draft's words people changed (0 to 1). */
  minEditedShare: 0.02,
  /** At or above this share of changed words, people wrote it with AI help rather than reviewed an AI text. */
  humanRewriteShare: 0.5,
} as const;

/** The records a grade is computed from (the backend gathers them; nothing here is typed by hand). */
export interface DisclosureRecord {
  /** Who wrote the first version: the AI (a generation record or an AI job), a person with an account, or not recorded (demo seed, SQL). */
  drafter: 'ai' | 'person' | 'unknown';
  /** The share of the AI draft's words changed by people before now (0 to 1); null without an AI draft. */
  editedShare: number | null;
  /** The account that published it, when that was a person with an account (not a job, the automation service, SQL or the seed). */
  responsibleEditor: { accountId: number; name: string } | null;
  /** A review step other than publish was taken before the publication (submit, request changes, mark ready). */
  reviewStepTaken: boolean;
  /** Minutes from the first review step to the publication; null without a review step. */
  reviewMinutes: number | null;
  /** The claim check of the published version; null when none was run. */
  claims: { checked: number; flagged: number; overridden: number; open: number; overriddenWithoutNote: number } | null;
  /** Approved as single-source (fewer independent outlets than required) with this editor's note; absent or null otherwise. */
  singleSource?: SingleSource | null;
}

export const SingleSourceSchema = z.object({
  /** The editor's note of the approval: why the AI may write from it. */
  note: z.string(),
  /** The independent outlets counted at approval (null: not counted then). */
  independentOutlets: z.number().int().nullable(),
});
export type SingleSource = z.infer<typeof SingleSourceSchema>;

export const GradeCheckSchema = z.object({
  /** What the rule looked at, in words ("a named responsible editor"). */
  rule: z.string(),
  met: z.boolean(),
  /** What the record says, in words ("published by Dana Reyes, an account of the site"). */
  detail: z.string(),
});
export type GradeCheck = z.infer<typeof GradeCheckSchema>;

export const ArticleGradeSchema = z.object({
  grade: AiGradeSchema,
  label: z.string(),
  /** True when the EU disclosure is shown (the exemption is not met). */
  disclosed: z.boolean(),
  /** Each rule of a substantive review, met or not, with the record's words. */
  checks: z.array(GradeCheckSchema),
  /** Set when the topic was approved as single-source: the label says so, and this is why. */
  singleSource: SingleSourceSchema.nullable().optional(),
});
export type ArticleGrade = z.infer<typeof ArticleGradeSchema>;

function reviewChecks(record: DisclosureRecord): GradeCheck[] {
  const { responsibleEditor: editor, claims } = record;
  const timeOrEdits = (record.reviewMinutes ?? 0) >= SUBSTANTIVE_REVIEW.minReviewMinutes || (record.editedShare ?? 0) >= SUBSTANTIVE_REVIEW.minEditedShare;
  return [
    {
      rule: 'a named editor, a person with an account, took responsibility',
      met: editor !== null,
      detail: editor ? `published by ${editor.name}` : 'no person with an account published it',
    },
    {
      rule: 'a review step was taken before publishing (not only publish)',
      met: record.reviewStepTaken,
      detail: record.reviewStepTaken ? 'submitted for review before it was published' : 'published without a review step',
    },
    {
      rule: 'every claim was examined: each flag resolved, or overridden with a note',
      met: claims !== null && claims.open === 0 && claims.overriddenWithoutNote === 0,
      detail: !claims
        ? 'its claims were not checked against the sources'
        : `${claims.checked} claims checked, ${claims.flagged} flagged, ${claims.overridden} overridden` +
          (claims.open > 0 ? `, ${claims.open} still open` : '') +
          (claims.overriddenWithoutNote > 0 ? `, ${claims.overriddenWithoutNote} overridden without a note` : ''),
    },
    {
      rule: `time spent in review (at least ${SUBSTANTIVE_REVIEW.minReviewMinutes} minutes) or edits made (at least ${Math.round(SUBSTANTIVE_REVIEW.minEditedShare * 100)}% of the words)`,
      met: timeOrEdits,
      detail: `${record.reviewMinutes === null ? 'no time in review recorded' : `${Math.round(record.reviewMinutes)} minutes in review`}, ${
        record.editedShare === null ? 'no AI draft to compare' : `${Math.round(record.editedShare * 100)}% of the words changed`
      }`,
    },
  ];
}

/**
 * The grade of an article from its records. An article of unrecorded origin is treated as the AI's:
 * the site is an AI newsroom, and a disclosure is never withheld for want of a record.
 */
export function gradeArticle(record: DisclosureRecord): ArticleGrade {
  // A single source is said in the label, never hidden behind a good review: the grade stays what the review earned.
  const checks = reviewChecks(record);
  let grade: AiGrade;
  if (record.drafter === 'person') grade = 'human';
  else if (record.drafter === 'ai' && record.responsibleEditor && (record.editedShare ?? 0) >= SUBSTANTIVE_REVIEW.humanRewriteShare)
    grade = 'human-ai-assisted';
  else grade = checks.every((check) => check.met) ? 'ai-reviewed' : 'ai-unreviewed';
  const singleSource = record.singleSource ?? null;
  const label = singleSource ? SINGLE_SOURCE_GRADE_LABELS[grade] : AI_GRADE_LABELS[grade];
  return { grade, label, disclosed: gradeNeedsDisclosure(grade), checks, singleSource };
}

// Its own zod-free module, so the public site's structured data can use it; the members are checked
// against schema.org's IPTCDigitalSourceEnumeration by their schema-dts type there.
export { textDigitalSourceType, type DigitalSourceType } from './digital-source-type.js';
