import { defineEntity, p, type Opt } from '@mikro-orm/core';

export type ReplyStatus = 'held' | 'published' | 'rejected';

/**
 * A reply from the fediverse to an article: held for moderation (or published at once when the owner
 * says so), then a comment (commentId) shown with its author's handle. Its note id makes a repeated
 * Create one reply, and lets the author's Delete remove the comment.
 */
export const FediverseReplySchema = defineEntity({
  name: 'FediverseReply',
  tableName: 'fediverse_reply',
  properties: {
    id: p.integer().primary().autoincrement(),
    noteId: p.string().length(1000).unique('fediverse_reply_note_id_unique'),
    articleId: p.integer(),
    actorUrl: p.string().length(1000),
    handle: p.string().length(300),
    /** The author's profile page (their actor's `url`), shown with the comment. */
    profileUrl: p.string().length(1000),
    /** The reply's text: its HTML reduced to text, within the comment limit. */
    content: p.text(),
    status: p.string().length(10).$type<Opt<ReplyStatus>>().default('held'),
    commentId: p.integer().nullable(),
    /** Where the AI's reply to this comment is sent: the author's inbox, as their actor said when the reply came. */
    inboxUrl: p.string().length(1000).nullable(),
    /** When the AI's reply was sent back to the author (once). */
    answeredAt: p.datetime().nullable(),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'fediverse_reply_status_index', properties: ['status', 'id'] }],
  checks: [
    { name: 'fediverse_reply_status_check', expression: `status in ('held', 'published', 'rejected')` },
    { name: 'fediverse_reply_content_check', expression: `char_length(content) <= 2000` },
  ],
});

export class FediverseReply extends FediverseReplySchema.class {}
FediverseReplySchema.setClass(FediverseReply);
