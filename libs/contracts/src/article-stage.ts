import { z } from './zod.js';

/**
 * Where an article is on its way to readers. `published` is the spec's `approved: true`; every other
 * stage is the spec's draft. A scheduled article is published by the worker at its `scheduledAt`.
 */
export const ARTICLE_STAGES = ['draft', 'in_review', 'changes_requested', 'ready', 'scheduled', 'published'] as const;
export type ArticleStage = (typeof ARTICLE_STAGES)[number];

export const ARTICLE_STAGE_LABELS: Record<ArticleStage, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  ready: 'Ready',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** Review fields of an article as the admin sees it. */
export const ArticleReviewFieldsSchema = z.object({
  stage: z.enum(ARTICLE_STAGES),
  /** ISO 8601 in UTC, when the stage is scheduled. */
  scheduledAt: z.string().nullable(),
  /** The account that created it; null for generated and seeded articles. */
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
});
export type ArticleReviewFields = z.infer<typeof ArticleReviewFieldsSchema>;
