import { defineEntity, p } from '@mikro-orm/core';
import { FEDIVERSE_POST_TEXT_MAX } from '@ai-mind/contracts';
import { FediverseFollowing } from './fediverse-following.entity.js';

/**
 * A post (a Note or an Article) the site received from an account it follows, kept as text (its HTML
 * reduced to text, as comments are), newest first and bounded per account and in all
 * (FEDIVERSE_POSTS_PER_ACCOUNT, FEDIVERSE_POSTS_KEPT). Unfollowing drops the account's posts.
 */
export const FediversePostSchema = defineEntity({
  name: 'FediversePost',
  tableName: 'fediverse_post',
  properties: {
    id: p.integer().primary().autoincrement(),
    followingId: p
      .manyToOne(FediverseFollowing)
      .mapToPk()
      .joinColumn('following_id')
      .foreignKeyName('fediverse_post_following_id_fkey')
      .updateRule('no action')
      .deleteRule('cascade'),
    /** The object's id: its author's Update and Delete name it, and the site's reply answers it. */
    objectId: p.string().length(1000).unique('fediverse_post_object_id_unique'),
    /** The page of the post, when the author's server names one. */
    url: p.string().length(1000).nullable(),
    /** An Article's title. */
    name: p.string().length(300).nullable(),
    content: p.text(),
    publishedAt: p.datetime(),
    receivedAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'fediverse_post_following_index', properties: ['followingId', 'publishedAt'] },
    { name: 'fediverse_post_published_at_index', properties: ['publishedAt'] },
  ],
  checks: [{ name: 'fediverse_post_content_check', expression: `char_length(content) <= ${FEDIVERSE_POST_TEXT_MAX}` }],
});

export class FediversePost extends FediversePostSchema.class {}
FediversePostSchema.setClass(FediversePost);
