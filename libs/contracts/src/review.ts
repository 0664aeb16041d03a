import { z } from './zod.js';
import { articleContent } from './article-body-limits.schema.js';
import { MAX_ROW_ID } from './ids.js';
import { articleVersion } from './article-history.js';
import type { ArticleStage } from './article-stage.js';

/**
 * The review steps, each with the stages it may start from and the stage it leads to: the one table
 * of the state machine. `submit` is a writer's (on their own or assigned drafts) as well as an
 * editor's; the others are editors' (and the owner's). `publish` from any unpublished stage is the
 * spec's approve; `schedule` from `scheduled` moves the time.
 */
export const REVIEW_STEPS = {
  submit: { from: ['draft', 'changes_requested'], to: 'in_review', label: 'Submit for review' },
  'request-changes': { from: ['in_review', 'ready'], to: 'changes_requested', label: 'Request changes' },
  'mark-ready': { from: ['in_review'], to: 'ready', label: 'Mark ready' },
  publish: { from: ['draft', 'in_review', 'changes_requested', 'ready', 'scheduled'], to: 'published', label: 'Publish' },
  schedule: { from: ['ready', 'scheduled'], to: 'scheduled', label: 'Schedule' },
  unschedule: { from: ['scheduled'], to: 'ready', label: 'Cancel schedule' },
} as const satisfies Record<string, { from: readonly ArticleStage[]; to: ArticleStage; label: string }>;
export type ReviewStep = keyof typeof REVIEW_STEPS;
export const REVIEW_STEP_NAMES = Object.keys(REVIEW_STEPS) as ReviewStep[];

/** The steps whose route needs only `articles.draft` (a writer's, on articles that are theirs). */
export const WRITER_STEPS: readonly ReviewStep[] = ['submit'];

/** Whether `step` may be taken from `stage` (the server re-checks it in the statement that takes it). */
export function stepAllowedFrom(step: ReviewStep, stage: ArticleStage): boolean {
  return (REVIEW_STEPS[step].from as readonly ArticleStage[]).includes(stage);
}

/** Stages a writer may still edit (their own or assigned articles). */
export const WRITER_EDITABLE_STAGES: readonly ArticleStage[] = ['draft', 'changes_requested'];

export const REVIEW_NOTE_MAX = 2000;

const note = z.string().trim().max(REVIEW_NOTE_MAX, `must be at most ${REVIEW_NOTE_MAX} characters`).optional();

/** POST /api/admin/articles/:id/<step> for every step but schedule. */
/** `overrideClaims` (publish and schedule only): go ahead over open claim flags, recorded on each claim with who and when. */
export const ReviewStepRequestSchema = z.object({ note, version: articleVersion.optional(), overrideClaims: z.boolean().optional() });
export type ReviewStepRequest = z.infer<typeof ReviewStepRequestSchema>;

/** POST /api/admin/articles/:id/schedule: `at` with its offset (the editor's zone); stored in UTC. */
export const ScheduleRequestSchema = ReviewStepRequestSchema.extend({
  at: z.iso.datetime({ offset: true, error: 'must be a date and time with its offset (ISO 8601)' }),
});
export type ScheduleRequest = z.infer<typeof ScheduleRequestSchema>;

/** PUT /api/admin/articles/:id/assignee: null takes the assignment away. */
export const AssignRequestSchema = z.object({
  assigneeId: z
    .number({ error: 'must be an account id or null' })
    .int('must be a whole number')
    .positive('must be positive')
    .max(MAX_ROW_ID, 'is too large')
    .nullable(),
  version: articleVersion.optional(),
});
export type AssignRequest = z.infer<typeof AssignRequestSchema>;

/** POST /api/admin/articles: a new draft, authored by the caller. */
export const CreateDraftRequestSchema = z.object({
  title: z.string().trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters'),
  category: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  content: articleContent,
});
export type CreateDraftRequest = z.infer<typeof CreateDraftRequestSchema>;

/** An account an article may be assigned to. */
export const AssigneeSchema = z.object({ id: z.number().int(), username: z.string(), role: z.string().nullable() });
export type Assignee = z.infer<typeof AssigneeSchema>;
