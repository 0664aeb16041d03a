import { AiGradeSchema, ArticleGradeSchema } from './disclosure.js';
import { z } from './zod.js';

/** One change of an article's AI involvement grade: the label readers were shown from `since` on. */
export const GradeChangeSchema = z.object({
  grade: AiGradeSchema,
  label: z.string(),
  disclosed: z.boolean(),
  /** ISO 8601: when the change was recorded, just after the committed change of the article or its claims. */
  since: z.string(),
  /** The article's newest revision then (its History's row); null when none was recorded. */
  revisionId: z.number().int().nullable(),
});
export type GradeChange = z.infer<typeof GradeChangeSchema>;

/** An article's grade now, with every rule's check, and each change of it, oldest first (`GET /api/admin/articles/:id/grade`). */
export const ArticleGradeRecordSchema = z.object({
  articleId: z.number().int(),
  current: ArticleGradeSchema,
  history: z.array(GradeChangeSchema),
});
export type ArticleGradeRecord = z.infer<typeof ArticleGradeRecordSchema>;
