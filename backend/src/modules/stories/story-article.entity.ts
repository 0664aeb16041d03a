import { defineEntity, p } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { triggersOn } from '../../database/schema/functions.js';
import { Article } from '../articles/index.js';
import { storiesSql } from './stories.sql.js';
import { Story } from './story.entity.js';

/** Which story an article belongs to: at most one. */
export const StoryArticleSchema = defineEntity({
  name: 'StoryArticle',
  tableName: 'story_article',
  properties: {
    articleId: p
      .manyToOne(Article)
      .primary()
      .mapToPk()
      .joinColumn('article_id')
      .foreignKeyName('story_article_article_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    storyId: p
      .manyToOne(Story)
      .mapToPk()
      .joinColumn('story_id')
      .foreignKeyName('story_article_story_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade')
      .index('story_article_story_id_index'),
    joinedAt: p.datetime().$type<Opt<Date>>().defaultRaw('now()'),
  },
  // Declared in stories.sql.ts: a join, a move or a removal purges both stories' pages and the article's.
  triggers: triggersOn('story_article', storiesSql),
});

export class StoryArticle extends StoryArticleSchema.class {}
StoryArticleSchema.setClass(StoryArticle);
