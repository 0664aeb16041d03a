import { defineEntity, p } from '@mikro-orm/core';
import type { ClaimFlag } from '@ai-mind/contracts';
import { Article } from '../articles/index.js';

/** The last claim check of an article's body: which version it read and when. */
export const ArticleClaimCheckSchema = defineEntity({
  name: 'ArticleClaimCheck',
  tableName: 'article_claim_check',
  properties: {
    articleId: p
      .manyToOne(Article)
      .primary()
      .mapToPk()
      .joinColumn('article_id')
      .foreignKeyName('article_claim_check_article_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    articleVersion: p.integer(),
    checkedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
});

export class ArticleClaimCheck extends ArticleClaimCheckSchema.class {}
ArticleClaimCheckSchema.setClass(ArticleClaimCheck);

/** One factual sentence of an article's body, its best supporting source passage, and its flags. */
export const ArticleClaimSchema = defineEntity({
  name: 'ArticleClaim',
  tableName: 'article_claim',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Its article's claim check: the claims go with it. */
    articleId: p
      .manyToOne(ArticleClaimCheck)
      .mapToPk()
      .joinColumn('article_id')
      .foreignKeyName('article_claim_article_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    position: p.integer(),
    sentence: p.text(),
    sourceNumber: p.integer().nullable(),
    passage: p.text().nullable(),
    score: p.float(),
    flags: p.array().$type<ClaimFlag[]>().defaultRaw(`'{}'`),
    overriddenBy: p.string().length(100).nullable(),
    overriddenAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'article_claim_position_unique', properties: ['articleId', 'position'] }],
  checks: [
    { name: 'article_claim_position_check', expression: 'position >= 0' },
    { name: 'article_claim_source_number_check', expression: 'source_number > 0' },
    { name: 'article_claim_score_check', expression: 'score >= 0 and score <= 1' },
    { name: 'article_claim_flags_check', expression: `flags <@ array['unsupported', 'number_mismatch', 'name_mismatch']::text[]` },
    { name: 'article_claim_passage_with_source', expression: '(source_number is null) = (passage is null)' },
    { name: 'article_claim_override_complete', expression: '(overridden_by is null) = (overridden_at is null)' },
    { name: 'article_claim_override_of_flags', expression: 'overridden_by is null or cardinality(flags) > 0' },
  ],
});

export class ArticleClaim extends ArticleClaimSchema.class {}
ArticleClaimSchema.setClass(ArticleClaim);
