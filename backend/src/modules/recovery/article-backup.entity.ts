import { defineEntity, p } from '@mikro-orm/core';

/** A gzip-compressed JSON snapshot of every article, written by the backup job. */
export const ArticleBackupSchema = defineEntity({
  name: 'ArticleBackup',
  tableName: 'article_backup',
  properties: {
    id: p.integer().primary().autoincrement(),
    reason: p.string().length(100),
    articleCount: p.integer(),
    publishedCount: p.integer(),
    snapshot: p.blob(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});

export class ArticleBackup extends ArticleBackupSchema.class {}
ArticleBackupSchema.setClass(ArticleBackup);
