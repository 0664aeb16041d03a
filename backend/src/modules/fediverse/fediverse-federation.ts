import type { webcrypto } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createFederation, signRequest, type Context, type Federation, type InboxContext } from '@fedify/fedify';
import { Accept, Activity, Application, Article, Create, Endpoints, Follow, Image, Note, Reject, Tombstone, Undo, isActor, type Actor } from '@fedify/vocab';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import { Temporal } from '@js-temporal/polyfill';
import { request } from 'undici';
import { SITE_DESCRIPTION, SITE_NAME, absoluteUrl, type PublicArticle } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ArticlesService } from '../articles/index.js';
import { dispatcherFor } from '../provenance/index.js';
import { articleObject, articleObjectId } from './article-object.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { siteKeyPairs } from './fediverse-keys.js';
import { PostgresKvStore } from './fediverse-kv-store.js';
import { checkInboxUrl } from './inbox-url.js';
import { safeDocumentLoader, USER_AGENT } from './safe-document-loader.js';
import { SITE_NOTE_PATH, siteNote } from './site-notes.js';

/** The site's one actor; its id is FEDIVERSE_ACTOR_PATH in the contracts. */
export const SITE_ACTOR = 'site';
const LOGO_PATH = '/favicon.svg';
const OUTBOX_SIZE = 20;
const BODY_TTL_MS = 60_000;
const BODIES_KEPT = 50;
/** A document loader that fetches nothing: what an activity embeds is read, what it only names is not. */
const refuseFetch: DocumentLoader = (url) => Promise.reject(new Error(`Not fetched: ${url}`));
/** How long a signed inbox post stays acceptable: an older Date is refused, so a kept replay record can be dropped after it. */
export const SIGNATURE_WINDOW_MINUTES = 60;

/** An inbox answered a delivery with something other than 2xx. */
export class DeliveryRefused extends Error {
  override name = 'DeliveryRefused';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the inbox does with replies, likes and boosts (FediverseInbox); set by the module so this file stays the wiring. */
export interface InboxHandlers {
  onActivity(ctx: InboxContext<void>, activity: Activity): Promise<void>;
}

/**
 * The site as an ActivityPub actor, built on Fedify (docs/fediverse.md): WebFinger for
 * `acct:<FEDIVERSE_HANDLE>@<host of PUBLIC_URL>`, the actor with its kept keys, its outbox and
 * followers, NodeInfo, each article's object at its page's own URL, and the inbox (Follow and Undo
 * here; replies, likes and boosts through InboxHandlers). Fedify reads every remote document through
 * safeDocumentLoader, the source fetcher's rules, and keeps its state in PostgreSQL (PostgresKvStore).
 * No Fedify queue: deliveries are BullMQ jobs of the worker (fediverse-delivery.ts), which record each.
 */
@Injectable()
export class FediverseFederation {
  private readonly logger = new Logger(FediverseFederation.name);
  readonly federation: Federation<void>;
  readonly origin: string;
  /** Every remote document the site reads comes through it (safeDocumentLoader's rules). */
  readonly loader: DocumentLoader;
  private keys: Promise<webcrypto.CryptoKeyPair[]> | null = null;
  private handlers: InboxHandlers | null = null;
  private readonly bodies = new Map<string, { body: string; at: number }>();

  constructor(
    private readonly em: EntityManager,
    @InjectConfig('fediverse') readonly config: ConfigSlice<'fediverse'>,
    @InjectConfig('site') site: ConfigSlice<'site'>,
    private readonly articles: ArticlesService,
    private readonly followers: FediverseFollowers,
    private readonly blocks: FediverseBlocks,
  ) {
    this.origin = site.publicUrl;
    const loader = safeDocumentLoader({ timeoutMs: config.fetchTimeoutMs, maxBytes: config.maxObjectBytes, trustedOrigins: config.trustedOrigins });
    this.loader = loader;
    this.federation = createFederation<void>({
      kv: new PostgresKvStore(() => this.em.fork()),
      origin: this.origin,
      documentLoaderFactory: () => loader,
      contextLoaderFactory: () => loader,
      authenticatedDocumentLoaderFactory: () => loader,
      signatureTimeWindow: { minutes: SIGNATURE_WINDOW_MINUTES },
      // Retries, backoff and dropping a gone follower are the delivery job's (with a record of each attempt).
      circuitBreaker: false,
    });
    this.setUp();
  }

  /** Set once by FediverseInbox: what becomes of a reply, a like, a boost, a Delete. */
  useInboxHandlers(handlers: InboxHandlers): void {
    this.handlers = handlers;
  }

  /** A context outside any request (the worker's deliveries). */
  context(): Context<void> {
    return this.federation.createContext(new URL(this.origin), undefined);
  }

  actorUri(): URL {
    return this.context().getActorUri(SITE_ACTOR);
  }

  followersUri(): URL {
    return this.context().getFollowersUri(SITE_ACTOR);
  }

  /** The Article of a published article, as its page states it. */
  articleOf(article: PublicArticle): Article {
    return articleObject(article, this.origin, this.actorUri(), this.followersUri());
  }

  /**
   * Posts one activity to one inbox, signed with the site's RSA key (draft-cavage HTTP Signatures, which
   * every server reads), through the source fetcher's public-only connections. Done here rather than by
   * Fedify's sendActivity so that the answer's status is the delivery's to judge (gone, retry); throws
   * DeliveryRefused with it.
   */
  async send(inbox: URL, activity: Activity): Promise<void> {
    const [rsa] = await this.keyPairs();
    const ctx = this.context();
    const body = await this.bodyOf(activity);
    const unsigned = new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json', 'user-agent': USER_AGENT },
      body,
    });
    const keyId = new URL(`${ctx.getActorUri(SITE_ACTOR).href}#main-key`);
    const signed = await signRequest(unsigned, rsa!.privateKey, keyId);
    const headers: Record<string, string> = {};
    signed.headers.forEach((value, name) => (headers[name] = value));
    const response = await request(inbox, {
      method: 'POST',
      headers,
      body,
      dispatcher: dispatcherFor(inbox, this.config.trustedOrigins),
      signal: AbortSignal.timeout(this.config.fetchTimeoutMs),
      headersTimeout: this.config.fetchTimeoutMs,
      bodyTimeout: this.config.fetchTimeoutMs,
    });
    const text = (await response.body.text()).slice(0, 200);
    if (response.statusCode < 200 || response.statusCode >= 300)
      throw new DeliveryRefused(response.statusCode, `HTTP ${response.statusCode}${text ? `: ${text}` : ''}`);
  }

  /**
   * The activity as JSON: JSON-LD compaction costs more than the signature, and one activity goes to
   * every inbox, so its body is made once per activity id (for a minute, a few dozen at most).
   */
  private async bodyOf(activity: Activity): Promise<string> {
    const key = activity.id?.href;
    const kept = key ? this.bodies.get(key) : undefined;
    if (kept && kept.at > Date.now() - BODY_TTL_MS) return kept.body;
    const body = JSON.stringify(await activity.toJsonLd({ format: 'compact', contextLoader: this.context().contextLoader }));
    if (key) {
      if (this.bodies.size >= BODIES_KEPT) this.bodies.delete(this.bodies.keys().next().value!);
      this.bodies.set(key, { body, at: Date.now() });
    }
    return body;
  }

  /**
   * The Tombstone of a note the site sent and has since deleted, for an address the Note dispatcher
   * found nothing at (Fedify's object dispatcher answers an object or 404; the bridge answers this 410).
   */
  async goneNote(url: URL): Promise<Tombstone | null> {
    const match = /^\/ap\/([a-z]+)\/([^/]+)$/.exec(url.pathname);
    if (!match) return null;
    const note = await siteNote(this.em.fork(), this.origin, this.actorUri(), match[1]!, match[2]!);
    return note instanceof Tombstone ? note : null;
  }

  private keyPairs(): Promise<webcrypto.CryptoKeyPair[]> {
    this.keys ??= siteKeyPairs(this.em.fork()).catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  private async publishedArticle(slug: string): Promise<PublicArticle | null> {
    try {
      const { json } = await this.articles.renderPublishedArticle(slug);
      return JSON.parse(json.body.toString('utf8')) as PublicArticle;
    } catch (error) {
      if ((error as { status?: number }).status === 404 || (error as { getStatus?: () => number }).getStatus?.() === 404) return null;
      throw error;
    }
  }

  private setUp(): void {
    const federation = this.federation;
    const handle = this.config.handle;
    federation
      .setActorDispatcher('/ap/actor/{identifier}', async (ctx, identifier) => {
        if (identifier !== SITE_ACTOR) return null;
        const keys = await ctx.getActorKeyPairs(identifier);
        return new Application({
          id: ctx.getActorUri(identifier),
          preferredUsername: handle,
          name: SITE_NAME,
          summary: this.config.summary ?? SITE_DESCRIPTION,
          url: new URL(absoluteUrl('/', this.origin)),
          icon: new Image({ url: new URL(absoluteUrl(LOGO_PATH, this.origin)), mediaType: 'image/svg+xml' }),
          inbox: ctx.getInboxUri(identifier),
          outbox: ctx.getOutboxUri(identifier),
          followers: ctx.getFollowersUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          publicKey: keys[0]?.cryptographicKey ?? null,
          assertionMethods: keys.map((key) => key.multikey),
          manuallyApprovesFollowers: false,
          discoverable: true,
        });
      })
      .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === SITE_ACTOR ? this.keyPairs() : []))
      .mapHandle((_ctx, username) => (username.toLowerCase() === handle ? SITE_ACTOR : null));

    federation
      .setFollowersDispatcher('/ap/actor/{identifier}/followers', async (_ctx, identifier, cursor) => {
        if (identifier !== SITE_ACTOR) return null;
        const page = await this.followers.page(cursor === null ? null : Number(cursor));
        return {
          items: page.items.map((follower) => ({
            id: new URL(follower.actorUrl),
            inboxId: new URL(follower.inboxUrl),
            endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
          })),
          nextCursor: page.next === null ? null : String(page.next),
        };
      })
      .setCounter(async () => this.followers.count())
      .setFirstCursor(() => '0');

    federation
      .setOutboxDispatcher('/ap/actor/{identifier}/outbox', async (ctx, identifier) => {
        if (identifier !== SITE_ACTOR) return null;
        const page = await this.articles.listPublished({ limit: OUTBOX_SIZE });
        return {
          items: page.items.map((article) => {
            const id = articleObjectId(article, this.origin);
            return new Create({
              id: new URL(`${id.href}#create`),
              actor: ctx.getActorUri(SITE_ACTOR),
              object: id,
              published: Temporal.Instant.from(article.createdAt),
              to: new URL('https://www.w3.org/ns/activitystreams#Public'),
              cc: ctx.getFollowersUri(SITE_ACTOR),
            });
          }),
        };
      })
      .setCounter(async () => (await this.articles.listPublished({ limit: OUTBOX_SIZE })).items.length);

    federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => ({
      software: { name: 'the-ai-mind', version: '0.1.0', homepage: new URL(absoluteUrl('/', this.origin)) },
      protocols: ['activitypub'],
      services: { inbound: [], outbound: ['rss2.0'] },
      openRegistrations: false,
      usage: { users: { total: 1, activeHalfyear: 1, activeMonth: 1 }, localPosts: 0, localComments: 0 },
      metadata: { nodeName: SITE_NAME, handle: `@${handle}@${new URL(this.origin).host}` },
    }));

    federation.setObjectDispatcher(Article, '/{category}/article/{slug}', async (_ctx, values) => {
      const article = await this.publishedArticle(values.slug);
      if (!article) return null;
      const object = this.articleOf(article);
      // One id per article: another category spelling of the address is not its object.
      return object.id?.pathname === new URL(`/${values.category}/article/${values.slug}`, this.origin).pathname ? object : null;
    });

    // The site's own notes (its replies), at their ids; one gone answers 410 through goneNote.
    federation.setObjectDispatcher(Note, SITE_NOTE_PATH, async (_ctx, values) => {
      const note = await siteNote(this.em.fork(), this.origin, this.actorUri(), values.kind, values.id);
      return note instanceof Note ? note : null;
    });

    federation
      .setInboxListeners('/ap/actor/{identifier}/inbox', '/ap/inbox')
      .on(Follow, (ctx, follow) => this.onFollow(ctx, follow))
      .on(Undo, async (ctx, undo) => {
        // The undone activity, if embedded, read without fetching anything: an id alone need not be served
        // (a Like's rarely is), and a fetched document would take the place of the id the handlers match on.
        const object = await undo.getObject({ documentLoader: refuseFetch, contextLoader: ctx.contextLoader }).catch(() => null);
        if (object instanceof Follow) {
          if (undo.actorId && object.actorId?.href === undo.actorId.href) await this.followers.remove(undo.actorId.href);
          return;
        }
        // A Follow named by its id alone: the follower it made, if this actor sent it.
        if (undo.actorId && undo.objectId && (await this.followers.removeFollow(undo.actorId.href, undo.objectId.href))) return;
        await this.handlers?.onActivity(ctx, undo);
      })
      .on(Activity, async (ctx, activity) => {
        await this.handlers?.onActivity(ctx, activity);
      })
      .onError((_ctx, error) => {
        this.logger.warn({ err: error }, 'An inbox activity could not be handled');
      });
  }

  private async onFollow(ctx: InboxContext<void>, follow: Follow): Promise<void> {
    if (!follow.id || !follow.actorId || !follow.objectId) return;
    const target = ctx.parseUri(follow.objectId);
    if (target?.type !== 'actor' || target.identifier !== SITE_ACTOR) return;
    if (await this.blocks.isBlocked(follow.actorId)) return;
    const follower = await follow.getActor(ctx);
    if (!follower || !isActor(follower) || !follower.id || follower.id.href !== follow.actorId.href || !follower.inboxId) return;
    const inbox = await checkInboxUrl(follower.inboxId, this.config.trustedOrigins);
    const sharedInbox = follower.endpoints?.sharedInbox ? await checkInboxUrl(follower.endpoints.sharedInbox, this.config.trustedOrigins) : null;
    if (!inbox) return;
    const kept = await this.followers.add({
      actorUrl: follower.id.href,
      handle: handleOf(follower),
      inboxUrl: inbox.href,
      sharedInboxUrl: sharedInbox?.href ?? null,
      followId: follow.id.href,
    });
    // Blocked meanwhile: nothing goes there. Past the followers' bounds (fediverse-followers.ts): answered, and declined.
    if (kept === 'blocked') return;
    const answer = kept === 'kept' ? 'accept' : 'reject';
    const Answer = kept === 'kept' ? Accept : Reject;
    await this.send(
      inbox,
      new Answer({
        id: new URL(`#${answer}/${encodeURIComponent(follow.id.href)}`, ctx.getActorUri(SITE_ACTOR)),
        actor: ctx.getActorUri(SITE_ACTOR),
        object: follow,
      }),
    );
  }
}

/** `@name@host` of a remote actor, from its own document (no further lookup). */
export function handleOf(actor: Actor): string {
  const name = actor.preferredUsername?.toString() ?? actor.id?.pathname.split('/').filter(Boolean).pop() ?? 'unknown';
  return `@${name}@${actor.id?.host ?? 'unknown'}`.slice(0, 300);
}
