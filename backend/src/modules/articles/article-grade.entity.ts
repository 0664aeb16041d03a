import { defineEntity, p } from '@mikro-orm/core';
import type { AiGrade } from '@ai-mind/contracts';
import { triggersOn } from '../../database/schema/functions.js';
import { articleGradeSql } from './article-grade.sql.js';

const GRADES_CHECK = (column: string) => `${column} in ('ai-unreviewed', 'ai-reviewed', 'human-ai-assisted', 'human')`;

/**
 * Each article's AI involvement grade as last computed from its records (ArticleDisclosureService),
 * read with the article summaries so lists, cards and the feed show the label without recomputing it.
 * `revision_id` is the newest revision the grade read: a newer one means the grade is due again.
 * No foreign key, as for error reports: a lost article row comes back by recovery with its id.
 */
export const ArticleGradeSchema = defineEntity({
  name: 'ArticleGrade',
  tableName: 'article_grade',
  properties: {
    articleId: p.integer().primary().autoincrement(false),
    grade: p.string().$type<AiGrade>().length(20),
    label: p.string().length(100),
    disclosed: p.boolean(),
    revisionId: p.bigint('number'),
    gradedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  checks: [
    { name: 'article_grade_grade_check', expression: GRADES_CHECK('grade') },
    { name: 'article_grade_disclosed_check', expression: `(grade = 'ai-unreviewed') = disclosed` },
  ],
});

export class ArticleGrade extends ArticleGradeSchema.class {}
ArticleGradeSchema.setClass(ArticleGrade);

/**
 * Each change of an article's grade, in order (`seq` 1, 2, ... per article): the grade, the label readers
 * were shown from then on, whether it was the EU disclosure, when, and the newest revision of the
 * article then. A duplicate is impossible in PostgreSQL: one row per (article_id, seq), and each row's
 * previous_grade, filled by the article_grade_change_previous trigger from the row before it, must
 * differ from its grade. Kept when the article is deleted, like its revisions.
 */
export const ArticleGradeChangeSchema = defineEntity({
  name: 'ArticleGradeChange',
  tableName: 'article_grade_change',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    articleId: p.integer(),
    seq: p.integer(),
    grade: p.string().$type<AiGrade>().length(20),
    label: p.string().length(100),
    disclosed: p.boolean(),
    previousGrade: p.string().$type<AiGrade>().length(20).nullable(),
    changedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    revisionId: p.bigint('number').nullable(),
  },
  uniques: [{ name: 'article_grade_change_article_id_seq_unique', properties: ['articleId', 'seq'] }],
  checks: [
    { name: 'article_grade_change_grade_check', expression: GRADES_CHECK('grade') },
    { name: 'article_grade_change_seq_check', expression: 'seq >= 1' },
    { name: 'article_grade_change_disclosed_check', expression: `(grade = 'ai-unreviewed') = disclosed` },
    { name: 'article_grade_change_previous_check', expression: '(seq = 1) = (previous_grade is null)' },
    { name: 'article_grade_change_differs', expression: 'previous_grade is null or previous_grade <> grade' },
  ],
  triggers: triggersOn('article_grade_change', articleGradeSql),
});

export class ArticleGradeChange extends ArticleGradeChangeSchema.class {}
ArticleGradeChangeSchema.setClass(ArticleGradeChange);
