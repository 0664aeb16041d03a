import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Create, Delete, PUBLIC_COLLECTION, Update, type Activity } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { sql, type RawBuilder } from 'kysely';
import type { PublicArticle } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ArticleReads, ArticlesService } from '../articles/index.js';
import { articleObjectId, articleTombstone } from './article-object.js';
import { DeliveryRefused, FediverseFederation } from './fediverse-federation.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { checkInboxUrl } from './inbox-url.js';
import { SiteReplies } from './site-replies.js';
import { fediverseDb } from './tables.js';

/** Answers that say the inbox, or the account behind it, is gone for good: its followers are dropped. */
const GONE = [404, 410];

/**
 * One delivery job: the activity its row names (about an article, or a reply the site sent), signed
 * and posted to its inbox. Sent: marked `sent`.
 * Refused as gone (404, 410): the followers behind that inbox are dropped, and the row `failed`. Any
 * other failure: `retrying` with the error, and thrown so BullMQ tries again after its backoff
 * (JOB_RETRY), until the last try marks it `failed`.
 */
@Injectable()
export class FediverseDelivery {
  private readonly logger = new Logger(FediverseDelivery.name);

  constructor(
    private readonly em: EntityManager,
    private readonly fediverse: FediverseFederation,
    private readonly followers: FediverseFollowers,
    private readonly blocks: FediverseBlocks,
    private readonly reads: ArticleReads,
    private readonly articles: ArticlesService,
    private readonly replies: SiteReplies,
    @InjectConfig('fediverse') private readonly config: ConfigSlice<'fediverse'>,
  ) {}

  async deliver(deliveryId: number, lastTry: boolean): Promise<{ status: 'sent' | 'failed' }> {
    const db = fediverseDb(this.em.fork());
    const row = await db.selectFrom('fediverse_delivery').selectAll().where('id', '=', deliveryId).executeTakeFirst();
    if (!row || row.status === 'sent' || row.status === 'failed') return { status: row?.status === 'sent' ? 'sent' : 'failed' };
    if (row.sent_reply_id !== null) {
      const activity = await this.replies.activityOf(row.sent_reply_id, row.activity);
      if (!activity) return this.finish(deliveryId, 'failed', 'The reply was deleted before it was sent');
      return this.post(deliveryId, row.inbox_url, [activity], lastTry);
    }
    const activities = await this.activitiesOf(row.activity, Number(row.revision_id), row.article_id!);
    if (!activities) return this.finish(deliveryId, 'failed', 'The article is no longer published: a later delivery tells the followers');
    return this.post(deliveryId, row.inbox_url, activities, lastTry);
  }

  /** Sends the activities in order (a retry sends them all again: receivers take each id once). */
  private async post(deliveryId: number, inboxUrl: string, activities: Activity[], lastTry: boolean): Promise<{ status: 'sent' | 'failed' }> {
    const inbox = await checkInboxUrl(new URL(inboxUrl), this.config.trustedOrigins);
    if (!inbox) return this.finish(deliveryId, 'failed', 'The inbox is not on a public address');
    // Made before its server was blocked: the block stands.
    if (await this.blocks.isBlocked(inbox)) return this.finish(deliveryId, 'failed', "The inbox's server is blocked here");
    try {
      for (const activity of activities) await this.fediverse.send(inbox, activity);
      return this.finish(deliveryId, 'sent', null);
    } catch (error) {
      const status = error instanceof DeliveryRefused ? error.status : null;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (status !== null && GONE.includes(status)) {
        const dropped = await this.followers.removeByInbox(inboxUrl);
        this.logger.log({ inbox: inboxUrl, dropped }, 'An inbox is gone: its followers are dropped');
        return this.finish(deliveryId, 'failed', `Gone (HTTP ${status}): ${dropped} follower(s) dropped`);
      }
      if (lastTry) return this.finish(deliveryId, 'failed', message);
      await fediverseDb(this.em.fork())
        .updateTable('fediverse_delivery')
        .set({ status: 'retrying', attempts: sql`attempts + 1`, last_error: message, updated_at: sql`now()` })
        .where('id', '=', deliveryId)
        .execute();
      throw error;
    }
  }

  private async finish(id: number, status: 'sent' | 'failed', error: string | null): Promise<{ status: 'sent' | 'failed' }> {
    await fediverseDb(this.em.fork())
      .updateTable('fediverse_delivery')
      .set({ status, attempts: sql`attempts + 1`, last_error: error, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    return { status };
  }

  /** The activity of a delivery: Create or Update of the article as published now, or Delete of its id as it was. */
  /**
   * The activities of a delivery: Create or Update of the article as published now, or Delete of its id as it
   * was. An Update that moved the article (a new slug or category, so a new id) is a Delete of the id the
   * followers know and a Create of the new one: an Update of an id a server never saw is dropped.
   */
  private async activitiesOf(kind: 'create' | 'update' | 'delete', revisionId: number, articleId: number): Promise<Activity[] | null> {
    const actor = this.fediverse.actorUri();
    const followers = this.fediverse.followersUri();
    const deleteOf = (id: URL) =>
      new Delete({ id: new URL(`${id.href}#delete-${revisionId}`), actor, object: articleTombstone(id), to: PUBLIC_COLLECTION, cc: followers });
    if (kind === 'delete') {
      const revision = await this.revisionIdentity(sql<boolean>`id = ${revisionId}::bigint`);
      return revision ? [deleteOf(articleObjectId(revision, this.fediverse.origin))] : null;
    }
    const row = await this.reads.findPublishedById(articleId);
    if (!row) return null;
    const { json } = await this.articles.renderPublishedArticle(row.slug);
    const article = this.fediverse.articleOf(JSON.parse(json.body.toString('utf8')) as PublicArticle);
    const id = article.id!;
    const create = () =>
      new Create({
        // Per revision: an article published again after a Delete is a new Create, not a duplicate the receiver drops.
        id: new URL(`${id.href}#create-${revisionId}`),
        actor,
        object: article,
        published: article.published ?? Temporal.Now.instant(),
        to: PUBLIC_COLLECTION,
        cc: followers,
      });
    if (kind === 'create') return [create()];
    // What the followers were told before this change: the article's previous revision.
    const before = await this.revisionIdentity(sql<boolean>`id < ${revisionId}::bigint and article_id = ${articleId}`);
    const known = before ? articleObjectId(before, this.fediverse.origin) : id;
    if (known.href !== id.href) return [deleteOf(known), create()];
    return [
      new Update({
        id: new URL(`${id.href}#update-${revisionId}`),
        actor,
        object: article,
        updated: Temporal.Now.instant(),
        to: PUBLIC_COLLECTION,
        cc: followers,
      }),
    ];
  }

  /** The slug and category of the newest revision matching `where` (an article's id is made of them). */
  private revisionIdentity(where: RawBuilder<boolean>): Promise<{ slug: string; category: string } | undefined> {
    return fediverseDb(this.em.fork())
      .selectFrom('article_revision')
      .select([sql<string>`snapshot->>'slug'`.as('slug'), sql<string>`snapshot->>'category'`.as('category')])
      .where(where)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
