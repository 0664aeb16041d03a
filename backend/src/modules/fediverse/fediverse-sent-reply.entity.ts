import { defineEntity, p } from '@mikro-orm/core';
import { FEDIVERSE_SENT_REPLY_MAX } from '@ai-mind/contracts';
import { FediversePost } from './fediverse-post.entity.js';

/**
 * A reply the site sent, as itself, to a post it received: a Note in reply to the post, mentioning its
 * author, delivered to the author's inbox by the worker (fediverse_delivery rows of `sent_reply_id`).
 * Deleting it keeps the row (deleted_at) and sends a Delete of the note. Its post may be gone since.
 */
export const FediverseSentReplySchema = defineEntity({
  name: 'FediverseSentReply',
  tableName: 'fediverse_sent_reply',
  properties: {
    id: p.integer().primary().autoincrement(),
    postId: p
      .manyToOne(FediversePost)
      .mapToPk()
      .nullable()
      .joinColumn('post_id')
      .foreignKeyName('fediverse_sent_reply_post_id_fkey')
      .updateRule('no action')
      .deleteRule('set null'),
    /** The object replied to (the post's id), kept when the post is gone. */
    inReplyTo: p.string().length(1000),
    recipientActorUrl: p.string().length(1000),
    recipientHandle: p.string().length(300),
    inboxUrl: p.string().length(1000),
    content: p.text(),
    createdBy: p.string().length(100),
    createdAt: p.datetime().defaultRaw('now()'),
    deletedAt: p.datetime().nullable(),
    deletedBy: p.string().length(100).nullable(),
  },
  indexes: [{ name: 'fediverse_sent_reply_post_index', properties: ['postId'] }],
  checks: [
    { name: 'fediverse_sent_reply_content_check', expression: `char_length(content) > 0 and char_length(content) <= ${FEDIVERSE_SENT_REPLY_MAX}` },
    { name: 'fediverse_sent_reply_deleted_check', expression: `(deleted_at is null) = (deleted_by is null)` },
  ],
});

export class FediverseSentReply extends FediverseSentReplySchema.class {}
FediverseSentReplySchema.setClass(FediverseSentReply);
