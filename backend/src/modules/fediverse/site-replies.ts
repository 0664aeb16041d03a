import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Delete, PUBLIC_COLLECTION, Tombstone, type Activity } from '@fedify/vocab';
import { sql } from 'kysely';
import { JobProducer } from '../../queue/job-producer.service.js';
import type { DeliveryActivity } from './fediverse-delivery.entity.js';
import { FediverseFederation } from './fediverse-federation.js';
import { deliveryJobId } from './fediverse-outbox.js';
import { replyCreate } from './reply-note.js';
import { sentReplyFields, siteNoteId } from './site-notes.js';
import { fediverseDb } from './tables.js';

/** Replies the site sends to one post: a conversation, not a flood. */
export const SITE_REPLIES_PER_POST = 20;

/**
 * The site replying, as itself, to a post it received from an account it follows, and deleting its
 * reply. Each is a fediverse_delivery row (the reply's Create, or its Delete) to the author's inbox,
 * sent by the worker's delivery job with its retries, made in the transaction that keeps the reply.
 */
@Injectable()
export class SiteReplies {
  constructor(
    private readonly em: EntityManager,
    private readonly fediverse: FediverseFederation,
    private readonly jobs: JobProducer,
  ) {}

  /** The note's id on this site. */
  noteId(replyId: number): URL {
    return siteNoteId(this.fediverse.origin, 'notes', replyId);
  }

  /** Answers the reply's id, null when there is no such post, or 'full' when the post has all the replies it may. */
  async reply(postId: number, content: string, by: string): Promise<number | null | 'full'> {
    const made = await this.em.fork().transactional(async (em) => {
      const db = fediverseDb(em);
      const post = await db
        .selectFrom('fediverse_post as p')
        .innerJoin('fediverse_following as f', 'f.id', 'p.following_id')
        .select(['p.id', 'p.object_id', 'f.actor_url', 'f.handle', 'f.inbox_url'])
        .where('p.id', '=', postId)
        .forUpdate('p')
        .executeTakeFirst();
      if (!post) return null;
      const { count } = await db
        .selectFrom('fediverse_sent_reply')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= SITE_REPLIES_PER_POST) return 'full' as const;
      const reply = await db
        .insertInto('fediverse_sent_reply')
        .values({
          post_id: post.id,
          in_reply_to: post.object_id,
          recipient_actor_url: post.actor_url,
          recipient_handle: post.handle,
          inbox_url: post.inbox_url,
          content,
          created_by: by.slice(0, 100),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const delivery = await this.deliveryOf(em, reply.id, 'create', post.inbox_url);
      return { replyId: reply.id, delivery };
    });
    if (made === null || made === 'full') return made;
    await this.queue(made.delivery);
    return made.replyId;
  }

  /** Deletes a reply the site sent: a Delete of its note to the same inbox. False when there is no such reply not yet deleted. */
  async remove(replyId: number, by: string): Promise<boolean> {
    const delivery = await this.em.fork().transactional(async (em) => {
      const reply = await fediverseDb(em)
        .updateTable('fediverse_sent_reply')
        .set({ deleted_at: sql`now()`, deleted_by: by.slice(0, 100) })
        .where('id', '=', replyId)
        .where('deleted_at', 'is', null)
        .returning(['id', 'inbox_url'])
        .executeTakeFirst();
      return reply ? this.deliveryOf(em, reply.id, 'delete', reply.inbox_url) : null;
    });
    if (delivery === null) return false;
    await this.queue(delivery);
    return true;
  }

  /** The activity a reply's delivery sends: the Create of its note, or the Delete of it (a Tombstone). */
  async activityOf(replyId: number, kind: DeliveryActivity): Promise<Activity | null> {
    const reply = await fediverseDb(this.em.fork()).selectFrom('fediverse_sent_reply').selectAll().where('id', '=', replyId).executeTakeFirst();
    if (!reply) return null;
    const id = this.noteId(reply.id);
    const actor = this.fediverse.actorUri();
    if (kind === 'delete') {
      return new Delete({
        id: new URL(`${id.href}#delete`),
        actor,
        object: new Tombstone({ id }),
        to: new URL(reply.recipient_actor_url),
        cc: PUBLIC_COLLECTION,
      });
    }
    // A reply deleted before its Create went out is not sent at all.
    if (reply.deleted_at) return null;
    return replyCreate(sentReplyFields(reply, this.fediverse.origin, actor));
  }

  private async deliveryOf(em: EntityManager, replyId: number, activity: 'create' | 'delete', inbox: string): Promise<number> {
    const row = await fediverseDb(em)
      .insertInto('fediverse_delivery')
      .values({ sent_reply_id: replyId, activity, inbox_url: inbox })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** After the commit: a job never runs before its row exists (a lost one is queued again by the outbox's sweep). */
  private async queue(deliveryId: number): Promise<void> {
    await this.jobs.enqueue('fediverse-deliver', { deliveryId }, { jobId: deliveryJobId(deliveryId) });
  }
}
