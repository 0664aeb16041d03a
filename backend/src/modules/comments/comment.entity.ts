import { defineEntity, p } from '@mikro-orm/core';
import { triggersOn } from '../../database/schema/functions.js';
import { commentNotifySql } from './comment-notify.sql.js';
import { commentPurgeSql } from './comment-purge.sql.js';

export const CommentSchema = defineEntity({
  name: 'Comment',
  tableName: 'comment',
  properties: {
    id: p.integer().primary().autoincrement(),
    articleId: p.integer(),
    authorName: p.string().length(80),
    /** A comment that came from the fediverse: its author's profile (http or https), shown as their name's link; null from the site's form. */
    authorUrl: p.string().length(1000).nullable(),
    content: p.text(),
    /** Written by the ai queue's job after the comment is stored; null until then. */
    aiResponse: p.text().nullable(),
    /** Marked by an editor: kept for the record, never shown to readers. */
    spam: p.boolean().default(false),
    clientHash: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  checks: [{ name: 'comment_author_url_check', expression: `(author_url)::text ~ '^https?://'::text` }],
  indexes: [
    { properties: ['articleId', 'createdAt'] },
    { name: 'comment_created_at_id_index', expression: 'create index "comment_created_at_id_index" on "comment" ("created_at" desc, "id" desc)' },
  ],
  // Declared in comment-notify.sql.ts and comment-purge.sql.ts.
  triggers: triggersOn('comment', commentNotifySql, commentPurgeSql),
});

export class Comment extends CommentSchema.class {}
CommentSchema.setClass(Comment);
