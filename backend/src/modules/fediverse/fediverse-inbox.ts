import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InboxContext } from '@fedify/fedify';
import { sql } from 'kysely';
import { Accept, Announce, Article, Create, Delete, Like, Note, Reject, Undo, Update, isActor, type Activity } from '@fedify/vocab';
import { COMMENT_CONTENT_MAX, COMMENT_NAME_MAX, CreateCommentRequestSchema, articleCanonicalPath, stripTags } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ArticleReaderCounts, ArticleReads } from '../articles/index.js';
import { CommentsAdminService, CommentsService, spamReason } from '../comments/index.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation, handleOf } from './fediverse-federation.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { FollowedAccounts } from './followed-accounts.js';
import { checkInboxUrl } from './inbox-url.js';
import { ReceivedPosts } from './received-posts.js';
import { fediverseDb } from './tables.js';

const ARTICLE_PATH = /^\/([^/]+)\/article\/([^/]+)$/;
/** Replies held for moderation at most, from everyone and from one account: past either, a new one is not kept. */
export const HELD_REPLIES_MAX = 1000;
export const HELD_REPLIES_PER_ACTOR = 20;

/** An http(s) address of at most 1000 characters, as a link on the site may be; else null. */
function webLink(value: unknown): string | null {
  const href = value instanceof URL ? value.href : typeof value === 'string' ? value : null;
  return href && /^https?:\/\//i.test(href) && href.length <= 1000 ? href : null;
}

/**
 * What the inbox makes of what is not a Follow: a reply to an article (a Note in reply to its object)
 * becomes a comment, held for moderation unless the owner's setting publishes it at once (fediverse_settings,
 * read as each reply arrives, so every API process sees the owner's change); its author's Delete removes
 * it; a Like or an Announce (boost) counts on the article's likes or shares, once per actor, and its
 * Undo uncounts it. From an account the site follows: an Accept or Reject of the site's Follow, and
 * its posts (any other Note or Article it writes), kept with their Update and Delete (ReceivedPosts).
 * Blocked actors and servers are ignored. Everything read from the sender (the note,
 * its author) was fetched by Fedify through the safe document loader; the reply's HTML is reduced to
 * text, as comments are text.
 */
@Injectable()
export class FediverseInbox implements OnModuleInit {
  private readonly logger = new Logger(FediverseInbox.name);

  constructor(
    private readonly em: EntityManager,
    private readonly fediverse: FediverseFederation,
    private readonly blocks: FediverseBlocks,
    private readonly followers: FediverseFollowers,
    private readonly reads: ArticleReads,
    private readonly counts: ArticleReaderCounts,
    private readonly comments: CommentsService,
    private readonly commentsAdmin: CommentsAdminService,
    private readonly followed: FollowedAccounts,
    private readonly posts: ReceivedPosts,
    @InjectConfig('fediverse') private readonly config: ConfigSlice<'fediverse'>,
  ) {}

  onModuleInit(): void {
    this.fediverse.useInboxHandlers({ onActivity: (ctx, activity) => this.onActivity(ctx, activity) });
  }

  async onActivity(ctx: InboxContext<void>, activity: Activity): Promise<void> {
    if (!activity.actorId || (await this.blocks.isBlocked(activity.actorId))) return;
    if (activity instanceof Create) return this.onCreate(ctx, activity);
    if (activity instanceof Update) return this.onUpdate(ctx, activity);
    if (activity instanceof Delete) return this.onDelete(activity);
    if (activity instanceof Accept || activity instanceof Reject) return this.followed.answered(activity, activity instanceof Accept);
    if (activity instanceof Like || activity instanceof Announce) return this.onReaction(activity, activity instanceof Like ? 'like' : 'announce');
    if (activity instanceof Undo) return this.onUndo(activity);
  }

  /** The published article a URL of this site names (its object id), or null. */
  private async articleAt(url: URL | null): Promise<{ id: number } | null> {
    if (!url || url.origin !== this.fediverse.origin) return null;
    const match = ARTICLE_PATH.exec(url.pathname);
    if (!match) return null;
    const article = await this.reads.findPublishedBySlug(decodeURIComponent(match[2]!));
    return article && articleCanonicalPath(article) === url.pathname ? { id: article.id } : null;
  }

  /** The Note or Article a Create or Update carries, when it is its sender's own: written by the actor that signed, on that actor's server. */
  private async ownObject(ctx: InboxContext<void>, activity: Create | Update): Promise<Note | Article | null> {
    const object = await activity.getObject(ctx);
    if (!(object instanceof Note || object instanceof Article) || !object.id) return null;
    if (object.attributionId?.href !== activity.actorId!.href || object.id.origin !== activity.actorId!.origin) return null;
    return object;
  }

  private async onCreate(ctx: InboxContext<void>, create: Create): Promise<void> {
    const object = await this.ownObject(ctx, create);
    if (!object) return;
    const article = object instanceof Note ? await this.articleAt(object.replyTargetId) : null;
    if (article) return this.onReply(ctx, create, object as Note, article);
    await this.posts.keep(create.actorId!, object);
  }

  private async onUpdate(ctx: InboxContext<void>, update: Update): Promise<void> {
    const object = await this.ownObject(ctx, update);
    if (object) await this.posts.update(update.actorId!, object);
  }

  private async onReply(ctx: InboxContext<void>, create: Create, note: Note, article: { id: number }): Promise<void> {
    const author = await create.getActor(ctx);
    if (!author || !isActor(author) || !author.id) return;
    const text = stripTags(String(note.content ?? '')).slice(0, COMMENT_CONTENT_MAX);
    if (!text) return;
    const handle = handleOf(author);
    // Its profile page if it names one on the web (not `javascript:` or the like), else its id.
    const profileUrl = webLink(author.url) ?? author.id.href;
    const inbox = author.inboxId ? await checkInboxUrl(author.inboxId, this.config.trustedOrigins) : null;
    // Bounded before it is kept, under a lock so two replies at the bound cannot both pass: a flood waits in
    // nobody's queue, and one account cannot fill the queue for everyone else.
    const kept = await this.em.fork().transactional(async (em) => {
      const db = fediverseDb(em);
      await sql`select pg_advisory_xact_lock(hashtext('fediverse-held-replies'))`.execute(db);
      const held = await db
        .selectFrom('fediverse_reply')
        .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.countAll<string>().filterWhere('actor_url', '=', author.id!.href).as('mine')])
        .where('status', '=', 'held')
        .executeTakeFirstOrThrow();
      if (Number(held.all) >= HELD_REPLIES_MAX || Number(held.mine) >= HELD_REPLIES_PER_ACTOR) {
        this.logger.warn(
          { actor: author.id!.href, held: Number(held.all) },
          'A fediverse reply was not kept: the moderation queue is full for its author or for all',
        );
        return undefined;
      }
      return db
        .insertInto('fediverse_reply')
        .values({
          note_id: note.id!.href,
          article_id: article.id,
          actor_url: author.id!.href,
          handle,
          profile_url: profileUrl.slice(0, 1000),
          content: text,
          inbox_url: inbox?.href.slice(0, 1000) ?? null,
        })
        .onConflict((oc) => oc.column('note_id').doNothing())
        .returning('id')
        .executeTakeFirst();
    });
    if (kept && (await this.publishesRepliesAtOnce())) await this.moderate(kept.id, 'published');
  }

  /** The owner's setting (the Fediverse tab): a reply is published at once, or held (no row, or false). */
  private async publishesRepliesAtOnce(): Promise<boolean> {
    const row = await fediverseDb(this.em.fork()).selectFrom('fediverse_settings').select('publish_replies').where('id', '=', 1).executeTakeFirst();
    return row?.publish_replies === true;
  }

  /**
   * Publishes a held reply as a comment (through the comments' own rules: the form's field limits, the
   * spam screen, the repeat check, the AI's reply) or rejects it. The status moves from `held` in the
   * statement that claims it, so two moderators cannot publish it twice. A reply the comment rules
   * refuse is `rejected` with nothing published. Answers the new status, or null when it was not held.
   */
  async moderate(replyId: number, status: 'published' | 'rejected'): Promise<'published' | 'rejected' | null> {
    const db = fediverseDb(this.em.fork());
    const claimed = await db
      .updateTable('fediverse_reply')
      .set({ status })
      .where('id', '=', replyId)
      .where('status', '=', 'held')
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return null;
    if (status === 'rejected') return 'rejected';
    const request = CreateCommentRequestSchema.safeParse({ authorName: claimed.handle.slice(0, COMMENT_NAME_MAX), content: claimed.content });
    if (!request.success || spamReason(request.data.content)) {
      await db.updateTable('fediverse_reply').set({ status: 'rejected' }).where('id', '=', replyId).execute();
      return 'rejected';
    }
    try {
      const comment = await this.comments.create(claimed.article_id, request.data, `fediverse:${claimed.actor_url}`, webLink(claimed.profile_url));
      await db.updateTable('fediverse_reply').set({ comment_id: comment.id }).where('id', '=', replyId).execute();
      return 'published';
    } catch (error) {
      this.logger.warn({ err: error, replyId }, 'A fediverse reply could not become a comment');
      await db.updateTable('fediverse_reply').set({ status: 'rejected' }).where('id', '=', replyId).execute();
      return 'rejected';
    }
  }

  /**
   * The author deleting their reply (its comment goes too), or a post the site kept; an account deleting
   * itself stops following (its server's shared inbox would take deliveries for it for ever).
   */
  private async onDelete(activity: Delete): Promise<void> {
    const objectId = activity.objectId;
    if (!objectId) return;
    if (objectId.href === activity.actorId!.href) {
      await this.followers.remove(objectId.href);
      return;
    }
    await this.posts.remove(activity.actorId!, objectId);
    const removed = await fediverseDb(this.em.fork())
      .deleteFrom('fediverse_reply')
      .where('note_id', '=', objectId.href)
      .where('actor_url', '=', activity.actorId!.href)
      .returning('comment_id')
      .executeTakeFirst();
    if (removed?.comment_id) await this.commentsAdmin.delete([removed.comment_id]);
  }

  private async onReaction(activity: Like | Announce, kind: 'like' | 'announce'): Promise<void> {
    const article = await this.articleAt(activity.objectId);
    if (!article || !activity.id) return;
    await this.em.fork().transactional(async (em) => {
      const kept = await fediverseDb(em)
        .insertInto('fediverse_reaction')
        .values({ activity_id: activity.id!.href, article_id: article.id, kind, actor_url: activity.actorId!.href })
        .onConflict((oc) => oc.doNothing())
        .returning('activity_id')
        .executeTakeFirst();
      if (kept) await this.counts.countRemoteReaction(em, article.id, kind === 'like' ? 'likes' : 'shares', 1);
    });
  }

  private async onUndo(undo: Undo): Promise<void> {
    const objectId = undo.objectId;
    if (!objectId) return;
    await this.em.fork().transactional(async (em) => {
      const removed = await fediverseDb(em)
        .deleteFrom('fediverse_reaction')
        .where('activity_id', '=', objectId.href)
        .where('actor_url', '=', undo.actorId!.href)
        .returning(['article_id', 'kind'])
        .executeTakeFirst();
      if (removed) await this.counts.countRemoteReaction(em, removed.article_id, removed.kind === 'like' ? 'likes' : 'shares', -1);
    });
  }
}
