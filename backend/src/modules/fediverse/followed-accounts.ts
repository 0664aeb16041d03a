import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Follow, Undo, type Accept, type Reject } from '@fedify/vocab';
import { sql } from 'kysely';
import { FEDIVERSE_FOLLOWING_MAX, type CreateFediverseBlockRequest, type FediverseFollowing } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { AccountNotFound, lookupAccount } from './account-lookup.js';
import { coveredByBlock, FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation, handleOf } from './fediverse-federation.js';
import { checkInboxUrl } from './inbox-url.js';
import { fediverseDb } from './tables.js';

/** Why a follow was refused; the controller answers each with its status. */
export class FollowRefused extends Error {
  override name = 'FollowRefused';
  constructor(
    readonly reason: 'not-found' | 'blocked' | 'self' | 'already' | 'too-many' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** What an Undo of the site's follow needs. */
type FollowRow = { follow_id: string; actor_url: string; inbox_url: string };

/**
 * The accounts the site follows (the owner follows one by handle): the row is kept `pending` before
 * the Follow is sent (its server may answer at once, inside that request), the Accept that names the
 * Follow's id from that account makes it `accepted`, a Reject drops it. Unfollowing sends an Undo and
 * drops the row with its received posts. Follow and Undo are sent at once, from the API: the owner is
 * told there and then whether the account's server took it.
 */
@Injectable()
export class FollowedAccounts {
  private readonly logger = new Logger(FollowedAccounts.name);

  constructor(
    private readonly em: EntityManager,
    private readonly fediverse: FediverseFederation,
    private readonly blocks: FediverseBlocks,
    @InjectConfig('fediverse') private readonly config: ConfigSlice<'fediverse'>,
  ) {}

  async follow(handle: string, by: string): Promise<FediverseFollowing> {
    const db = fediverseDb(this.em.fork());
    const { count } = await db
      .selectFrom('fediverse_following')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= FEDIVERSE_FOLLOWING_MAX) throw new FollowRefused('too-many', `The site follows ${FEDIVERSE_FOLLOWING_MAX} accounts, the most it may`);
    let actor;
    try {
      actor = await lookupAccount(handle, this.fediverse.loader, this.fediverse.context(), this.config.trustedOrigins);
    } catch (error) {
      if (error instanceof AccountNotFound) throw new FollowRefused('not-found', error.message);
      throw error;
    }
    const actorId = actor.id!;
    if (actorId.href === this.fediverse.actorUri().href) throw new FollowRefused('self', 'That is this site');
    if (await this.blocks.isBlocked(actorId)) throw new FollowRefused('blocked', 'That account or its server is blocked here');
    const inbox = await checkInboxUrl(actor.inboxId!, this.config.trustedOrigins);
    if (!inbox) throw new FollowRefused('not-found', "The account's inbox is not on a public address");
    const followId = new URL(`#follows/${randomUUID()}`, this.fediverse.actorUri());
    // The checks above ran before a remote lookup of seconds: the bound and the block are checked again
    // where the row is kept, under the lock a block's dropBlocked takes, so two follows at once cannot pass
    // the bound together and a block committed meanwhile is not missed.
    const row = await this.em.fork().transactional(async (em) => {
      const tx = fediverseDb(em);
      await lockFollowing(em);
      const { count: now } = await tx
        .selectFrom('fediverse_following')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(now) >= FEDIVERSE_FOLLOWING_MAX) throw new FollowRefused('too-many', `The site follows ${FEDIVERSE_FOLLOWING_MAX} accounts, the most it may`);
      if (await this.blocks.isBlocked(actorId)) throw new FollowRefused('blocked', 'That account or its server is blocked here');
      return tx
        .insertInto('fediverse_following')
        .values({ actor_url: actorId.href, handle: handleOf(actor), inbox_url: inbox.href, follow_id: followId.href, created_by: by.slice(0, 100) })
        .onConflict((oc) => oc.column('actor_url').doNothing())
        .returningAll()
        .executeTakeFirst();
    });
    if (!row) throw new FollowRefused('already', 'The site follows that account already');
    try {
      await this.fediverse.send(inbox, new Follow({ id: followId, actor: this.fediverse.actorUri(), object: actorId }));
    } catch (error) {
      await db.deleteFrom('fediverse_following').where('id', '=', row.id).execute();
      throw new FollowRefused('unreachable', `The account's server did not take the follow (${(error as Error).message})`);
    }
    // Read again: the Accept may have come while the Follow was being sent.
    const kept = await db.selectFrom('fediverse_following').selectAll().where('id', '=', row.id).executeTakeFirst();
    return toFollowing(kept ?? row);
  }

  /** Stops following: an Undo of the Follow to the account (a server that does not answer is logged), and its posts go. */
  async unfollow(id: number): Promise<boolean> {
    const removed = await fediverseDb(this.em.fork()).deleteFrom('fediverse_following').where('id', '=', id).returningAll().executeTakeFirst();
    if (!removed) return false;
    await this.sendUndo(removed);
    return true;
  }

  /**
   * Stops following what a block names (the actor, or every account of the server and its subdomains, as
   * FediverseBlocks.isBlocked reads a block): their rows and posts go in `em`, the block's transaction.
   * Answers what was dropped, for sendUndos after the commit.
   */
  async dropBlocked(em: EntityManager, block: CreateFediverseBlockRequest): Promise<FollowRow[]> {
    await lockFollowing(em);
    return fediverseDb(em).deleteFrom('fediverse_following').where(coveredByBlock(block)).returningAll().execute();
  }

  /** The Undo of each follow a block dropped, one at a time, each best-effort as in unfollow. */
  async sendUndos(rows: FollowRow[]): Promise<void> {
    for (const row of rows) await this.sendUndo(row);
  }

  private async sendUndo(row: FollowRow): Promise<void> {
    const actor = this.fediverse.actorUri();
    const follow = new Follow({ id: new URL(row.follow_id), actor, object: new URL(row.actor_url) });
    try {
      await this.fediverse.send(new URL(row.inbox_url), new Undo({ id: new URL(`${row.follow_id}/undo`), actor, object: follow }));
    } catch (error) {
      this.logger.warn({ err: error, actor: row.actor_url }, 'The Undo of a follow was not taken by its server');
    }
  }

  /** An Accept (or a Reject) of the site's Follow, from the account it was sent to. */
  async answered(activity: Accept | Reject, accepted: boolean): Promise<void> {
    const followId = activity.objectId;
    if (!followId || !activity.actorId || followId.origin !== this.fediverse.origin) return;
    const db = fediverseDb(this.em.fork());
    if (!accepted) {
      await db.deleteFrom('fediverse_following').where('follow_id', '=', followId.href).where('actor_url', '=', activity.actorId.href).execute();
      return;
    }
    await db
      .updateTable('fediverse_following')
      .set({ status: 'accepted', accepted_at: sql`now()` })
      .where('follow_id', '=', followId.href)
      .where('actor_url', '=', activity.actorId.href)
      .where('status', '=', 'pending')
      .execute();
  }

  async list(): Promise<FediverseFollowing[]> {
    const rows = await fediverseDb(this.em.fork()).selectFrom('fediverse_following').selectAll().orderBy('id', 'desc').limit(FEDIVERSE_FOLLOWING_MAX).execute();
    return rows.map(toFollowing);
  }
}

/** Serializes keeping a follow with dropping the blocked ones, for the rest of the transaction `em`. */
async function lockFollowing(em: EntityManager): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('fediverse-following'))`.execute(fediverseDb(em));
}

function toFollowing(row: {
  id: number;
  handle: string;
  actor_url: string;
  status: 'pending' | 'accepted';
  created_at: Date | string;
  created_by: string;
}): FediverseFollowing {
  return { id: row.id, handle: row.handle, actorUrl: row.actor_url, status: row.status, createdAt: iso(row.created_at), createdBy: row.created_by };
}
