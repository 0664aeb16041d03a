import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  FOLLOW_EMAIL_CONSENT_TEXT,
  FOLLOW_LINKS,
  FOLLOW_PUSH_CONSENT_TEXT,
  NEWSLETTER_TOKEN_FIELD,
  type EmailFollowRequest,
  type PushFollowRequest,
} from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import {
  confirmationToken,
  listUnsubscribeHeaders,
  Mailer,
  NewsletterSecret,
  readToken,
  ReaderMailPolicy,
  tokenValid,
  unsubscribeToken,
  type TokenSubject,
} from '../newsletter/index.js';
import { followConfirmationEmail } from './follow-emails.js';
import { FollowTargets } from './follow-targets.js';
import { endpointRefusal } from './push-sender.js';
import { followsDb } from './tables.js';

export type FollowTokenPurpose = 'follow-confirm' | 'follow-unsubscribe';

/** A follow as a token names it: its row and the recipient the token was signed for. */
export interface FollowHolder {
  id: number;
  channel: 'email' | 'push';
  recipient: string;
  status: string;
}

/** The signed subject of a follow's token: the row and its recipient (`email:<address>` or `push:<subscription id>`). */
export const followSubject = (row: { id: number; email: string | null; push_subscription_id: number | null }): TokenSubject => ({
  // A bigint column comes back from the driver as a string: the token's id is compared as a number.
  id: Number(row.id),
  email: row.email !== null ? `email:${row.email}` : `push:${row.push_subscription_id}`,
});

/**
 * A reader following a story or a category without an account. By email: the newsletter's double
 * opt-in (a pending row with the consent as given, a confirmation email within the mailbox's limits
 * and the resend window, confirmed by its signed link). By Web Push: a subscription kept only from the
 * page's explicit request, its follow confirmed at once. Either way at most FOLLOWS_MAX_PER_ADDRESS
 * targets per address or device, checked under a lock on the recipient in the statement's transaction.
 */
@Injectable()
export class FollowsService {
  private readonly logger = new Logger(FollowsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly targets: FollowTargets,
    private readonly secret: NewsletterSecret,
    private readonly mailer: Mailer,
    private readonly mailPolicy: ReaderMailPolicy,
    private readonly jobs: JobProducer,
    @InjectConfig('follows') private readonly config: ConfigSlice<'follows'>,
    @InjectConfig('newsletter') private readonly newsletterConfig: ConfigSlice<'newsletter'>,
    @InjectConfig('site') private readonly siteConfig: ConfigSlice<'site'>,
  ) {}

  /**
   * Records an email follow as pending with its consent and queues the confirmation email, unless one
   * went for this follow within the resend window or the mailbox's limits refuse it. A confirmed follow
   * stays as it is. The answer is the same whatever happened, so nobody learns what an address follows.
   */
  async followByEmail(request: EmailFollowRequest, source: string): Promise<void> {
    const target = await this.targets.resolve(request.target);
    const address = request.email.trim().toLowerCase();
    const due = await this.em.fork().transactional(async (tx) => {
      const query = followsDb(tx);
      // One address's follows are counted and changed one request at a time.
      await sql`select pg_advisory_xact_lock(hashtext(${`follow:email:${address}`}))`.execute(query);
      const existing = await query
        .selectFrom('follow')
        .select(['id', 'status'])
        .where('email', '=', address)
        .where(target.storyId !== null ? sql<boolean>`story_id = ${target.storyId}` : sql<boolean>`category = ${target.category}`)
        .executeTakeFirst();
      if (existing?.status === 'confirmed') return null;
      if (!existing) {
        const held = await query
          .selectFrom('follow')
          .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
          .where('email', '=', address)
          .where('status', 'in', ['pending', 'confirmed'])
          .executeTakeFirstOrThrow();
        if (held.count >= this.config.maxPerAddress) {
          this.logger.log('An email follow over the per-address limit was not recorded');
          return null;
        }
      }
      const consent = { consent_text: FOLLOW_EMAIL_CONSENT_TEXT, consent_source: source.slice(0, 300), consent_at: sql<Date>`now()` };
      const row = existing
        ? await query
            .updateTable('follow')
            .set({ ...consent, status: 'pending', mode: request.mode, unsubscribed_at: null })
            .where('id', '=', existing.id)
            .returning(['id', 'confirmation_sent_at'])
            .executeTakeFirstOrThrow()
        : await query
            .insertInto('follow')
            .values({
              ...consent,
              channel: 'email',
              email: address,
              story_id: target.storyId,
              category: target.category,
              mode: request.mode,
              status: 'pending',
            })
            .returning(['id', 'confirmation_sent_at'])
            .executeTakeFirstOrThrow();
      return query
        .updateTable('follow')
        .set({ confirmation_sent_at: sql<Date>`now()` })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb('confirmation_sent_at', 'is', null),
            eb('confirmation_sent_at', '<=', sql<Date>`now() - make_interval(secs => ${this.newsletterConfig.resendWindowSeconds})`),
          ]),
        )
        .returning('id')
        .executeTakeFirst();
    });
    if (due && (await this.mailPolicy.admitsConfirmation(address))) await this.jobs.enqueue('follows-confirmation', { followId: Number(due.id) });
  }

  /** The confirmation email of a pending email follow (a job); nothing for any other state or a suppressed mailbox. */
  async sendConfirmation(followId: number): Promise<{ sent: boolean }> {
    const row = await followsDb(this.em.fork())
      .selectFrom('follow')
      .select(['id', 'email', 'push_subscription_id', 'status', 'mode', 'story_id', 'category'])
      .where('id', '=', followId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending' || row.email === null) return { sent: false };
    if (await this.mailPolicy.suppressed(row.email)) return { sent: false };
    const secret = await this.secret.get();
    const ttl = this.newsletterConfig.confirmTtlSeconds;
    const subject = followSubject(row);
    const confirmUrl = this.link('follow-confirm', confirmationToken(secret, subject, new Date(Date.now() + ttl * 1000), 'follow-confirm'));
    const unsubscribeUrl = this.link('follow-unsubscribe', unsubscribeToken(secret, subject, 'follow-unsubscribe'));
    const title = await this.targets.titleOf(row.story_id, row.category);
    const email = followConfirmationEmail(title, { confirmUrl, unsubscribeUrl }, ttl / 3600, row.mode);
    await this.mailer.send({ to: row.email, ...email, headers: listUnsubscribeHeaders(unsubscribeUrl) });
    return { sent: true };
  }

  /**
   * Keeps a browser's push subscription (one row per endpoint, its keys refreshed) and its follow of
   * the target, confirmed at once: the request is the reader's consent, given with the page's button.
   */
  async followByPush(request: PushFollowRequest, source: string): Promise<{ unsubscribeUrl: string }> {
    const refusal = endpointRefusal(request.subscription.endpoint, this.config.pushTrustedOrigins);
    if (refusal) throw new ValidationFailedException([{ path: 'subscription.endpoint', message: `is not a push service's address (${refusal})` }]);
    const target = await this.targets.resolve(request.target);
    const { endpoint, keys } = request.subscription;
    const follow = await this.em.fork().transactional(async (tx) => {
      const query = followsDb(tx);
      await sql`select pg_advisory_xact_lock(hashtext(${`follow:push:${endpoint}`}))`.execute(query);
      const consent = { consent_text: FOLLOW_PUSH_CONSENT_TEXT, consent_source: source.slice(0, 300), consent_at: sql<Date>`now()` };
      const subscription = await query
        .insertInto('push_subscription')
        .values({ endpoint, p256dh: keys.p256dh, auth: keys.auth, ...consent })
        .onConflict((conflict) => conflict.column('endpoint').doUpdateSet({ p256dh: keys.p256dh, auth: keys.auth }))
        .returning('id')
        .executeTakeFirstOrThrow();
      const existing = await query
        .selectFrom('follow')
        .select('id')
        .where('push_subscription_id', '=', subscription.id)
        .where(target.storyId !== null ? sql<boolean>`story_id = ${target.storyId}` : sql<boolean>`category = ${target.category}`)
        .executeTakeFirst();
      if (existing) {
        return query
          .updateTable('follow')
          .set({ ...consent, status: 'confirmed', confirmed_at: sql<Date>`now()`, unsubscribed_at: null })
          .where('id', '=', existing.id)
          .returning(['id', 'email', 'push_subscription_id'])
          .executeTakeFirstOrThrow();
      }
      const held = await query
        .selectFrom('follow')
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
        .where('push_subscription_id', '=', subscription.id)
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow();
      if (held.count >= this.config.maxPerAddress) {
        throw new ValidationFailedException([{ path: 'target', message: `This device already follows ${this.config.maxPerAddress} stories or categories` }]);
      }
      return query
        .insertInto('follow')
        .values({
          ...consent,
          channel: 'push',
          push_subscription_id: subscription.id,
          story_id: target.storyId,
          category: target.category,
          mode: 'each',
          status: 'confirmed',
          confirmed_at: sql<Date>`now()`,
        })
        .returning(['id', 'email', 'push_subscription_id'])
        .executeTakeFirstOrThrow();
    });
    return { unsubscribeUrl: await this.unsubscribeUrl(follow) };
  }

  /** A follow's signed unsubscribe link (emails' footers and headers, a notification's page). */
  async unsubscribeUrl(row: { id: number; email: string | null; push_subscription_id: number | null }): Promise<string> {
    return this.link('follow-unsubscribe', unsubscribeToken(await this.secret.get(), followSubject(row), 'follow-unsubscribe'));
  }

  /** Signs unsubscribe links for many follows at once (a sender's batch), with the secret read once. */
  async unsubscribeLinks(): Promise<(row: { id: number; email: string | null; push_subscription_id: number | null }) => string> {
    const secret = await this.secret.get();
    return (row) => this.link('follow-unsubscribe', unsubscribeToken(secret, followSubject(row), 'follow-unsubscribe'));
  }

  link(purpose: FollowTokenPurpose, token: string): string {
    const path = purpose === 'follow-confirm' ? FOLLOW_LINKS.confirm : FOLLOW_LINKS.unsubscribe;
    return `${this.siteConfig.publicUrl}${path}?${NEWSLETTER_TOKEN_FIELD}=${encodeURIComponent(token)}`;
  }

  /** The follow a token was signed for, if it is valid now (to confirm: still pending or confirmed, and an email follow). */
  async holderOf(purpose: FollowTokenPurpose, token: string): Promise<FollowHolder | null> {
    const read = readToken(purpose, token);
    if (!read || !Number.isSafeInteger(read.id)) return null;
    const row = await followsDb(this.em.fork())
      .selectFrom('follow')
      .select(['id', 'channel', 'email', 'push_subscription_id', 'status'])
      .where('id', '=', read.id)
      .executeTakeFirst();
    if (!row) return null;
    const subject = followSubject(row);
    if (!tokenValid(await this.secret.get(), purpose, token, subject)) return null;
    if (purpose === 'follow-confirm' && (row.channel !== 'email' || row.status === 'unsubscribed')) return null;
    return { id: Number(row.id), channel: row.channel, recipient: subject.email, status: row.status };
  }

  /** Confirms the follow the token was sent for; false when the token is not (or no longer) valid. */
  async confirm(token: string): Promise<boolean> {
    const holder = await this.holderOf('follow-confirm', token);
    if (!holder) return false;
    await followsDb(this.em.fork())
      .updateTable('follow')
      .set({ status: 'confirmed', confirmed_at: sql<Date>`now()` })
      .where('id', '=', holder.id)
      .where('status', '=', 'pending')
      .execute();
    return true;
  }

  /** Ends the follow the token names (its messages not yet sent are skipped as they come up); false when the token is not valid. */
  async unsubscribe(token: string): Promise<boolean> {
    const holder = await this.holderOf('follow-unsubscribe', token);
    if (!holder) return false;
    await followsDb(this.em.fork())
      .updateTable('follow')
      .set({ status: 'unsubscribed', unsubscribed_at: sql<Date>`now()` })
      .where('id', '=', holder.id)
      .where('status', '<>', 'unsubscribed')
      .execute();
    return true;
  }
}
