import { defineEntity, p } from '@mikro-orm/core';
import type { Article as ArticleDto } from '@ai-mind/contracts';

export type RevisionAction = 'create' | 'update' | 'publish' | 'unpublish' | 'restore';

/**
 * The whole article as it was right after a create, update, publish, unpublish or restore. No foreign
 * key: revisions must outlive the article row, since recovery reads them when the row is gone.
 */
export const ArticleRevisionSchema = defineEntity({
  name: 'ArticleRevision',
  tableName: 'article_revision',
  properties: {
    id: p.bigint().primary().autoincrement(),
    articleId: p.integer(),
    slug: p.string().length(200),
    action: p.string().$type<RevisionAction>().length(20),
    snapshot: p.json<ArticleDto>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [
    { name: 'article_revision_article_id_id_index', expression: 'create index "article_revision_article_id_id_index" on "article_revision" ("article_id", "id" desc)' },
    { name: 'article_revision_slug_index', properties: ['slug'] },
  ],
});

export class ArticleRevision extends ArticleRevisionSchema.class {}
ArticleRevisionSchema.setClass(ArticleRevision);
