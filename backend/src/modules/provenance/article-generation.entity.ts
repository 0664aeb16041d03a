import { defineEntity, p } from '@mikro-orm/core';
import type { GenerationEngine } from '@ai-mind/contracts';
import { Article } from '../articles/index.js';
import { ApprovedTopic } from './approved-topic.entity.js';

/** How an article's first draft was written, and the draft as it came from the writer. */
export const ArticleGenerationSchema = defineEntity({
  name: 'ArticleGeneration',
  tableName: 'article_generation',
  properties: {
    articleId: p
      .manyToOne(Article)
      .primary()
      .mapToPk()
      .joinColumn('article_id')
      .foreignKeyName('article_generation_article_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    approvedTopicId: p
      .manyToOne(ApprovedTopic)
      .mapToPk()
      .joinColumn('approved_topic_id')
      .foreignKeyName('article_generation_approved_topic_id_fkey')
      .nullable()
      .updateRule('no action')
      .deleteRule('set null'),
    engine: p.string().length(30).$type<GenerationEngine>(),
    model: p.string().length(200).nullable(),
    promptVersion: p.string().length(50).nullable(),
    sourceCount: p.integer(),
    draftTitle: p.string().length(300),
    draftHtml: p.text(),
    generatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
  },
  checks: [
    { name: 'article_generation_engine_check', expression: `engine in ('offline', 'openai-compatible', 'automation')` },
    { name: 'article_generation_source_count_check', expression: 'source_count >= 0' },
  ],
});

export class ArticleGeneration extends ArticleGenerationSchema.class {}
ArticleGenerationSchema.setClass(ArticleGeneration);
