import { defineEntity, p } from '@mikro-orm/core';
import type { GenerationEngine } from '@ai-mind/contracts';

/** How an article's first draft was written, and the draft as it came from the writer. */
export const ArticleGenerationSchema = defineEntity({
  name: 'ArticleGeneration',
  tableName: 'article_generation',
  properties: {
    articleId: p.integer().primary().autoincrement(false),
    approvedTopicId: p.integer().nullable(),
    engine: p.string().length(30).$type<GenerationEngine>(),
    model: p.string().length(200).nullable(),
    promptVersion: p.string().length(50).nullable(),
    sourceCount: p.integer(),
    draftTitle: p.string().length(300),
    draftHtml: p.text(),
    generatedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class ArticleGeneration extends ArticleGenerationSchema.class {}
ArticleGenerationSchema.setClass(ArticleGeneration);
