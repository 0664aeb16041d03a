import { defineEntity, p } from '@mikro-orm/core';
import type { ClaimFlag } from '@ai-mind/contracts';

/** The last claim check of an article's body: which version it read and when. */
export const ArticleClaimCheckSchema = defineEntity({
  name: 'ArticleClaimCheck',
  tableName: 'article_claim_check',
  properties: {
    articleId: p.integer().primary().autoincrement(false),
    articleVersion: p.integer(),
    checkedAt: p.datetime().onCreate(() => new Date()),
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
    articleId: p.integer(),
    position: p.integer(),
    sentence: p.text(),
    sourceNumber: p.integer().nullable(),
    passage: p.text().nullable(),
    score: p.float(),
    flags: p.array().$type<ClaimFlag[]>(),
    overriddenBy: p.string().length(100).nullable(),
    overriddenAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['articleId', 'position'] }],
});

export class ArticleClaim extends ArticleClaimSchema.class {}
ArticleClaimSchema.setClass(ArticleClaim);
