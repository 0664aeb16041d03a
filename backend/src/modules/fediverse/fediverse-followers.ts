import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { CreateFediverseBlockRequest } from '@ai-mind/contracts';
import { coveredByBlock, FediverseBlocks } from './fediverse-blocks.js';
import { fediverseDb } from './tables.js';

const PAGE_SIZE = 100;
/** Followers at most: past it, a new Follow is answered with a Reject. */
export const FOLLOWERS_MAX = 1_000_000;
/** Distinct inboxes delivered to on one host at most (a server's shared inbox counts once for all its accounts). */
export const INBOXES_PER_HOST = 1_000;

/** Held by the transaction that keeps a follower and by a block's, so either sees the other's commit. */
async function lockFollowers(em: EntityManager): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('fediverse-followers'))`.execute(fediverseDb(em));
}

export interface NewFollower {
  actorUrl: string;
  handle: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  followId: string;
}

/** The site's followers: kept on Follow, dropped on Undo, on a block, or when their server says they are gone. */
@Injectable()
export class FediverseFollowers {
  constructor(
    private readonly em: EntityManager,
    private readonly blocks: FediverseBlocks,
  ) {}

  private db() {
    return fediverseDb(this.em.fork());
  }

  /**
   * Keeps a follower (a repeated Follow refreshes its inboxes), within the bounds, checked under a lock
   * where the row is kept: at most FOLLOWERS_MAX in all, and at most INBOXES_PER_HOST distinct inboxes
   * delivered to on one host (a real server gives its accounts one shared inbox; made-up accounts each
   * with an inbox of its own would turn each publish into that many deliveries); and not blocked, read
   * again under the lock a block's removeBlocked takes, so a block committed meanwhile is not missed.
   * Answers whether it was kept, or why not.
   */
  async add(follower: NewFollower): Promise<'kept' | 'full' | 'blocked'> {
    return this.em.fork().transactional(async (em) => {
      const db = fediverseDb(em);
      await lockFollowers(em);
      if (await this.blocks.isBlocked(new URL(follower.actorUrl))) return 'blocked';
      const known = await db.selectFrom('fediverse_follower').select('id').where('actor_url', '=', follower.actorUrl).executeTakeFirst();
      if (!known) {
        const { count } = await db
          .selectFrom((eb) => eb.selectFrom('fediverse_follower').select('id').limit(FOLLOWERS_MAX).as('kept'))
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) >= FOLLOWERS_MAX) return 'full';
        const inbox = follower.sharedInboxUrl ?? follower.inboxUrl;
        const hostname = new URL(inbox).hostname.toLowerCase();
        const inboxes = await sql<{ inbox: string }>`
          select distinct coalesce(shared_inbox_url, inbox_url) as inbox from fediverse_follower
           where lower(substring(coalesce(shared_inbox_url, inbox_url) from '^[a-zA-Z]+://([^/:?#]+)')) = ${hostname}
           limit ${INBOXES_PER_HOST + 1}`.execute(db);
        if (inboxes.rows.length >= INBOXES_PER_HOST && !inboxes.rows.some((row) => row.inbox === inbox)) return 'full';
      }
      await db
        .insertInto('fediverse_follower')
        .values({
          actor_url: follower.actorUrl,
          handle: follower.handle,
          inbox_url: follower.inboxUrl,
          shared_inbox_url: follower.sharedInboxUrl,
          follow_id: follower.followId,
        })
        .onConflict((oc) =>
          oc.column('actor_url').doUpdateSet({
            handle: follower.handle,
            inbox_url: follower.inboxUrl,
            shared_inbox_url: follower.sharedInboxUrl,
            follow_id: follower.followId,
          }),
        )
        .execute();
      return 'kept';
    });
  }

  /** Drops the follower whose Follow had this id, when this actor sent it: whether one was dropped. */
  async removeFollow(actorUrl: string, followId: string): Promise<boolean> {
    const result = await this.db().deleteFrom('fediverse_follower').where('actor_url', '=', actorUrl).where('follow_id', '=', followId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Drops a follower (its Undo of the Follow, or its Delete of itself). */
  async remove(actorUrl: string): Promise<void> {
    await this.db().deleteFrom('fediverse_follower').where('actor_url', '=', actorUrl).execute();
  }

  /** In `em`, the block's transaction (after its row): every follower the block covers, under the lock `add` holds. */
  async removeBlocked(block: CreateFediverseBlockRequest, em: EntityManager): Promise<void> {
    await lockFollowers(em);
    await fediverseDb(em).deleteFrom('fediverse_follower').where(coveredByBlock(block)).execute();
  }

  /** Drops the followers delivered through an inbox that answered that it is gone (404/410). */
  async removeByInbox(inboxUrl: string): Promise<number> {
    const result = await this.db()
      .deleteFrom('fediverse_follower')
      .where((eb) => eb.or([eb('inbox_url', '=', inboxUrl), eb('shared_inbox_url', '=', inboxUrl)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async count(): Promise<number> {
    const row = await this.db()
      .selectFrom('fediverse_follower')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** One page of followers by id, after `after` (0 or null: from the first). */
  async page(after: number | null): Promise<{
    items: { id: number; actorUrl: string; handle: string; inboxUrl: string; sharedInboxUrl: string | null; createdAt: Date }[];
    next: number | null;
  }> {
    const rows = await this.db()
      .selectFrom('fediverse_follower')
      .select(['id', 'actor_url', 'handle', 'inbox_url', 'shared_inbox_url', 'created_at'])
      .where('id', '>', after ?? 0)
      .orderBy('id')
      .limit(PAGE_SIZE + 1)
      .execute();
    const items = rows.slice(0, PAGE_SIZE).map((row) => ({
      id: row.id,
      actorUrl: row.actor_url,
      handle: row.handle,
      inboxUrl: row.inbox_url,
      sharedInboxUrl: row.shared_inbox_url,
      createdAt: new Date(row.created_at),
    }));
    return { items, next: rows.length > PAGE_SIZE ? items[items.length - 1]!.id : null };
  }

  /** Every distinct inbox to deliver to: a server's shared inbox once for all its followers, else each follower's own. */
  async inboxes(): Promise<string[]> {
    const rows = await this.db()
      .selectFrom('fediverse_follower')
      .select((eb) => eb.fn.coalesce('shared_inbox_url', 'inbox_url').as('inbox'))
      .distinct()
      .execute();
    return rows.map((row) => row.inbox);
  }
}
