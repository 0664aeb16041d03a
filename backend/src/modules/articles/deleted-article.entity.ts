import { defineEntity, p } from '@mikro-orm/core';

/** Tombstone of a deliberately deleted article: recovery never brings these back unless asked to. */
export const DeletedArticleSchema = defineEntity({
  name: 'DeletedArticle',
  tableName: 'deleted_article',
  properties: {
    id: p.integer().primary().autoincrement(),
    articleId: p.integer(),
    slug: p.string().length(200).index(),
    title: p.string().length(300),
    deletedBy: p.string().length(100),
    deletedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class DeletedArticle extends DeletedArticleSchema.class {}
DeletedArticleSchema.setClass(DeletedArticle);
