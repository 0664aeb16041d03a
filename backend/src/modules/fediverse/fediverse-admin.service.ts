import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AdminFediverseSettings, CreateFediverseBlockRequest, FediverseOverview, FediverseReader, FediverseSettings } from '@ai-mind/contracts';
import { FediverseBlocks, normalizedBlock } from './fediverse-blocks.js';
import { FediverseFederation } from './fediverse-federation.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { FollowedAccounts } from './followed-accounts.js';
import { SiteReplies } from './site-replies.js';
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
    private readonly followed: FollowedAccounts,
    private readonly replies: SiteReplies,
  ) {}

  /** The owner's setting: whether replies from the fediverse are published at once (false: held for moderation). */
  async settings(): Promise<AdminFediverseSettings> {
    const row = await fediverseDb(this.em.fork())
      .selectFrom('fediverse_settings')
      .select(['publish_replies', 'updated_at', 'updated_by'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return {
      publishReplies: row?.publish_replies ?? false,
      updatedAt: row?.updated_at ? iso(row.updated_at) : null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  async saveSettings(settings: FediverseSettings, by: string): Promise<AdminFediverseSettings> {
    const values = { publish_replies: settings.publishReplies, updated_by: by, updated_at: sql<Date>`now()` };
    await fediverseDb(this.em.fork())
      .insertInto('fediverse_settings')
      .values({ id: 1, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
    return this.settings();
  }

  /** What the site follows, and the newest posts it received from those accounts with its own replies to each. */
  async reader(): Promise<FediverseReader> {
    const db = fediverseDb(this.em.fork());
    const [following, posts] = await Promise.all([
      this.followed.list(),
      db
        .selectFrom('fediverse_post as p')
        .innerJoin('fediverse_following as f', 'f.id', 'p.following_id')
        .select(['p.id', 'p.object_id', 'p.url', 'p.name', 'p.content', 'p.published_at', 'p.updated_at', 'f.handle', 'f.actor_url'])
        .orderBy('p.published_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(SHOWN)
        .execute(),
    ]);
    const replies = posts.length
      ? await db
          .selectFrom('fediverse_sent_reply as r')
          .select([
            'r.id',
            'r.post_id',
            'r.content',
            'r.created_by',
            'r.created_at',
            'r.deleted_at',
            (eb) =>
              eb
                .selectFrom('fediverse_delivery as d')
                .select('d.status')
                .whereRef('d.sent_reply_id', '=', 'r.id')
                .orderBy('d.id', 'desc')
                .limit(1)
                .as('delivery'),
          ])
          .where(
            'r.post_id',
            'in',
            posts.map((post) => post.id),
          )
          .orderBy('r.id')
          .execute()
      : [];
    return {
      following,
      posts: posts.map((post) => ({
        id: post.id,
        objectId: post.object_id,
        url: post.url,
        name: post.name,
        content: post.content,
        authorHandle: post.handle,
        authorUrl: post.actor_url,
        publishedAt: iso(post.published_at),
        updatedAt: post.updated_at ? iso(post.updated_at) : null,
        replies: replies
          .filter((reply) => reply.post_id === post.id)
          .map((reply) => ({
            id: reply.id,
            content: reply.content,
            noteId: this.replies.noteId(reply.id).href,
            createdBy: reply.created_by,
            createdAt: iso(reply.created_at),
            deletedAt: reply.deleted_at ? iso(reply.deleted_at) : null,
            delivery: reply.delivery ?? null,
          })),
      })),
    };
  }

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

  /**
   * Blocks an actor or a server, and in the same transaction drops a server's followers (an actor's own
   * follow) and the site's follows of its accounts (that actor) with their posts; each dropped follow is
   * then sent its Undo, best-effort, as an unfollow is.
   */
  async block(request: CreateFediverseBlockRequest, by: string): Promise<void> {
    const block = normalizedBlock(request);
    const dropped = await this.em.fork().transactional(async (em) => {
      await this.blocks.add(block, by, em);
      await this.followers.removeBlocked(block, em);
      return this.followed.dropBlocked(em, block);
    });
    await this.followed.sendUndos(dropped);
  }
}
