import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Article, Note } from '@fedify/vocab';
import { sql } from 'kysely';
import { FEDIVERSE_POSTS_KEPT, FEDIVERSE_POSTS_PER_ACCOUNT, FEDIVERSE_POST_TEXT_MAX, stripTags } from '@ai-mind/contracts';
import { fediverseDb } from './tables.js';

/** What is kept of a post: its HTML reduced to text, as comments are text (never rendered as HTML). */
function fieldsOf(object: Note | Article) {
  const url = object.url instanceof URL ? object.url.href : null;
  const name = object.name ? stripTags(String(object.name)).slice(0, 300) : null;
  return {
    url: url && url.length <= 1000 ? url : null,
    name: name || null,
    content: stripTags(String(object.content ?? '')).slice(0, FEDIVERSE_POST_TEXT_MAX),
  };
}

/**
 * Posts the site received from the accounts it follows (an accepted follow), each a Note or an
 * Article written and sent by its author. Bounded before a row is kept: the newest
 * FEDIVERSE_POSTS_PER_ACCOUNT of one account and FEDIVERSE_POSTS_KEPT in all, the oldest dropped to
 * make room (one transaction at a time, so the counts hold). Its author's Update and Delete apply.
 */
@Injectable()
export class ReceivedPosts {
  constructor(private readonly em: EntityManager) {}

  async keep(author: URL, object: Note | Article): Promise<void> {
    const fields = fieldsOf(object);
    if (!fields.content && !fields.name) return;
    const published = object.published ? new Date(object.published.epochMilliseconds) : new Date();
    await this.em.fork().transactional(async (em) => {
      const db = fediverseDb(em);
      const following = await db
        .selectFrom('fediverse_following')
        .select('id')
        .where('actor_url', '=', author.href)
        .where('status', '=', 'accepted')
        .executeTakeFirst();
      if (!following) return;
      // One post kept at a time across the cluster: the bounds below are read and kept in one step.
      await sql`select pg_advisory_xact_lock(hashtext('fediverse-post'))`.execute(db);
      const exists = await db.selectFrom('fediverse_post').select('id').where('object_id', '=', object.id!.href).executeTakeFirst();
      if (exists) return;
      const oldestBeyond = (limit: number, followingId: number | null) =>
        db
          .selectFrom('fediverse_post')
          .select('id')
          .$if(followingId !== null, (qb) => qb.where('following_id', '=', followingId!))
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .offset(limit - 1);
      await db.deleteFrom('fediverse_post').where('id', 'in', oldestBeyond(FEDIVERSE_POSTS_PER_ACCOUNT, following.id)).execute();
      await db.deleteFrom('fediverse_post').where('id', 'in', oldestBeyond(FEDIVERSE_POSTS_KEPT, null)).execute();
      await db
        .insertInto('fediverse_post')
        .values({ following_id: following.id, object_id: object.id!.href, ...fields, published_at: published })
        .execute();
    });
  }

  /** The author's Update of a post kept here. */
  async update(author: URL, object: Note | Article): Promise<void> {
    const db = fediverseDb(this.em.fork());
    await db
      .updateTable('fediverse_post')
      .set({ ...fieldsOf(object), updated_at: sql`now()` })
      .where('object_id', '=', object.id!.href)
      .where('following_id', 'in', db.selectFrom('fediverse_following').select('id').where('actor_url', '=', author.href))
      .execute();
  }

  /** The author's Delete of a post kept here. */
  async remove(author: URL, objectId: URL): Promise<void> {
    const db = fediverseDb(this.em.fork());
    await db
      .deleteFrom('fediverse_post')
      .where('object_id', '=', objectId.href)
      .where('following_id', 'in', db.selectFrom('fediverse_following').select('id').where('actor_url', '=', author.href))
      .execute();
  }
}
