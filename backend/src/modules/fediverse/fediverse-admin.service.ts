import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateFediverseBlockRequest, FediverseOverview } from '@ai-mind/contracts';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation } from './fediverse-federation.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { fediverseDb } from './tables.js';

/** What the Fediverse tab lists: the newest of each, bounded. */
const SHOWN = 100;
const iso = (value: Date | string) => new Date(value).toISOString();

/** The owner's view of the social web, and the blocks they set. */
@Injectable()
export class FediverseAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly fediverse: FediverseFederation,
    private readonly followers: FediverseFollowers,
    private readonly blocks: FediverseBlocks,
  ) {}

  async overview(): Promise<FediverseOverview> {
    const db = fediverseDb(this.em.fork());
    const [followerCount, followerRows, statusRows, deliveryRows, replyRows, blocks] = await Promise.all([
      this.followers.count(),
      db.selectFrom('fediverse_follower').selectAll().orderBy('id', 'desc').limit(SHOWN).execute(),
      db
        .selectFrom('fediverse_delivery')
        .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('status')
        .execute(),
      db.selectFrom('fediverse_delivery').selectAll().orderBy('id', 'desc').limit(SHOWN).execute(),
      db.selectFrom('fediverse_reply').selectAll().orderBy('status').orderBy('id', 'desc').limit(SHOWN).execute(),
      this.blocks.list(),
    ]);
    const counts = { pending: 0, sent: 0, retrying: 0, failed: 0 };
    for (const row of statusRows) counts[row.status] = Number(row.count);
    return {
      handle: `@${this.fediverse.config.handle}@${new URL(this.fediverse.origin).host}`,
      actorUrl: this.fediverse.actorUri().href,
      followerCount,
      followers: followerRows.map((row) => ({
        id: row.id,
        handle: row.handle,
        actorUrl: row.actor_url,
        inboxUrl: row.inbox_url,
        sharedInboxUrl: row.shared_inbox_url,
        createdAt: iso(row.created_at),
      })),
      deliveryCounts: counts,
      deliveries: deliveryRows.map((row) => ({
        id: Number(row.id),
        articleId: row.article_id,
        activity: row.activity,
        inboxUrl: row.inbox_url,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        updatedAt: iso(row.updated_at),
      })),
      replies: replyRows.map((row) => ({
        id: row.id,
        articleId: row.article_id,
        handle: row.handle,
        profileUrl: row.profile_url,
        content: row.content,
        status: row.status,
        commentId: row.comment_id,
        receivedAt: iso(row.received_at),
      })),
      blocks: blocks.map((block) => ({ ...block, createdAt: iso(block.createdAt) })),
    };
  }

  /** Blocks an actor or a server; a server's followers (an actor's own follow) are dropped with it. */
  async block(block: CreateFediverseBlockRequest, by: string): Promise<void> {
    await this.blocks.add(block, by);
    if (block.kind === 'domain') await this.followers.removeOfDomain(block.value);
    else await this.followers.remove(block.value);
  }
}
