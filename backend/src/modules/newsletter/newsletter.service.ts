import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Selectable } from 'kysely';
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_LINKS, NEWSLETTER_TOKEN_FIELD } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { newsletterDb, type NewsletterDatabase } from './tables.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { Mailer } from './mailer.js';
import { confirmationEmail, listUnsubscribeHeaders } from './newsletter-emails.js';
import { NewsletterSecret } from './newsletter-secret.js';
import { ReaderMailPolicy, SUPPRESSED_MAILBOX_CONFIRMATIONS } from './reader-mail-policy.js';
import { confirmationToken, readToken, suppressionHash, tokenValid, unsubscribeToken, type TokenPurpose, type TokenSubject } from './newsletter-tokens.js';

type SubscriberRow = Pick<Selectable<NewsletterDatabase['newsletter_subscriber']>, 'id' | 'email' | 'status'>;

/**
 * A reader's place on the list: signing up (double opt-in, with the consent recorded), confirming,
 * leaving and being erased. Every change is one statement that re-checks the state it changes from.
 */
@Injectable()
export class NewsletterService {
  private readonly logger = new Logger(NewsletterService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly secret: NewsletterSecret,
    private readonly mailer: Mailer,
    private readonly jobs: JobProducer,
    private readonly mailPolicy: ReaderMailPolicy,
    @InjectConfig('newsletter') private readonly config: ConfigSlice<'newsletter'>,
    @InjectConfig('site') private readonly siteConfig: ConfigSlice<'site'>,
  ) {}

  /**
   * Records the sign-up as pending with the consent given (the text shown, where, when) and sends the
   * confirmation email, unless one went to this address within the resend window or the mailbox's
   * limits refuse it (ReaderMailPolicy: a suppressed mailbox gets one "was this you?" a month). A
   * confirmed address stays as it is; a suppressed one stays suppressed until its owner confirms. The
   * caller answers the same whatever happened here, so nobody learns from it whether an address is on
   * the list or was erased from it.
   */
  async subscribe(email: string, source: string): Promise<void> {
    const query = newsletterDb(this.em.fork());
    const address = email.trim().toLowerCase();
    await query
      .insertInto('newsletter_subscriber')
      .values({
        email: address,
        status: 'pending',
        consent_text: NEWSLETTER_CONSENT_TEXT,
        consent_source: source.slice(0, 300),
        consent_at: sql`now()`,
        created_at: sql`now()`,
      })
      .onConflict((conflict) =>
        conflict
          .column('email')
          .doUpdateSet((eb) => ({
            status: 'pending',
            consent_text: eb.ref('excluded.consent_text'),
            consent_source: eb.ref('excluded.consent_source'),
            consent_at: sql`now()`,
            unsubscribed_at: null,
          }))
          .where('newsletter_subscriber.status', '<>', 'confirmed'),
      )
      .execute();
    const due = await query
      .updateTable('newsletter_subscriber')
      .set({ confirmation_sent_at: sql`now()` })
      .where('email', '=', address)
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('confirmation_sent_at', 'is', null),
          eb('confirmation_sent_at', '<=', sql<Date>`now() - make_interval(secs => ${this.config.resendWindowSeconds})`),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    if (due && (await this.mailPolicy.admitsConfirmation(address))) await this.jobs.enqueue('newsletter-confirmation', { subscriberId: due.id });
  }

  /** An editor signs an address up: the reader still confirms it; an erased address is refused. */
  async subscribeByEditor(email: string, editor: string): Promise<void> {
    if (await this.mailPolicy.suppressed(email)) {
      throw new ValidationFailedException([
        { path: 'email', message: 'This address asked to be removed from the list; only its owner can sign it up again, from the site' },
      ]);
    }
    await this.subscribe(email, `admin:${editor}`);
  }

  /**
   * The confirmation email of a pending subscriber (a job); nothing for any other state. To a
   * suppressed mailbox it says so: confirming is the only way back onto the list.
   */
  async sendConfirmation(subscriberId: number): Promise<{ sent: boolean }> {
    const row = await this.subscriber(subscriberId);
    if (!row || row.status !== 'pending') return { sent: false };
    const returning = await this.mailPolicy.suppressed(row.email);
    const secret = await this.secret.get();
    const ttl = this.config.confirmTtlSeconds;
    const confirmUrl = this.link('confirm', confirmationToken(secret, row, new Date(Date.now() + ttl * 1000)));
    const unsubscribeUrl = this.link('unsubscribe', unsubscribeToken(secret, row));
    const quiet = returning ? { quietDays: SUPPRESSED_MAILBOX_CONFIRMATIONS.windowSeconds / 86_400 } : undefined;
    const email = confirmationEmail({ confirmUrl, unsubscribeUrl }, ttl / 3600, quiet);
    await this.mailer.send({ to: row.email, ...email, headers: listUnsubscribeHeaders(unsubscribeUrl) });
    return { sent: true };
  }

  /** The link of an email: the API route that checks the token, then shows its page. */
  link(purpose: Extract<TokenPurpose, 'confirm' | 'unsubscribe'>, token: string): string {
    const path = purpose === 'confirm' ? NEWSLETTER_LINKS.confirm : NEWSLETTER_LINKS.unsubscribe;
    return `${this.siteConfig.publicUrl}${path}?${NEWSLETTER_TOKEN_FIELD}=${encodeURIComponent(token)}`;
  }

  async unsubscribeUrl(subscriber: TokenSubject): Promise<string> {
    return this.link('unsubscribe', unsubscribeToken(await this.secret.get(), subscriber));
  }

  /** The subscriber a token was signed for, if it is valid now (and, to confirm, still pending or confirmed). */
  async holderOf(purpose: Extract<TokenPurpose, 'confirm' | 'unsubscribe'>, token: string): Promise<SubscriberRow | null> {
    const read = readToken(purpose, token);
    if (!read) return null;
    const row = await this.subscriber(read.id);
    if (!row || !tokenValid(await this.secret.get(), purpose, token, row)) return null;
    if (purpose === 'confirm' && row.status !== 'pending' && row.status !== 'confirmed') return null;
    return row;
  }

  private subscriber(id: number): Promise<SubscriberRow | undefined> {
    return newsletterDb(this.em.fork()).selectFrom('newsletter_subscriber').select(['id', 'email', 'status']).where('id', '=', id).executeTakeFirst();
  }

  /** Confirms the address the token was sent to; false when the token is not (or no longer) valid. */
  async confirm(token: string): Promise<boolean> {
    const holder = await this.holderOf('confirm', token);
    if (!holder) return false;
    const em = this.em.fork();
    await em.transactional(async (tx) => {
      await newsletterDb(tx)
        .updateTable('newsletter_subscriber')
        .set({ status: 'confirmed', confirmed_at: sql`now()` })
        .where('id', '=', holder.id)
        .where('status', '=', 'pending')
        .execute();
      // The mailbox's owner, who was erased and signs up again, gives new consent from it: the fingerprint goes.
      await newsletterDb(tx).deleteFrom('newsletter_suppression').where('email_hash', '=', suppressionHash(holder.email)).execute();
    });
    return true;
  }

  /** Takes the token's address off the list; false when the token is not valid. */
  async unsubscribe(token: string): Promise<boolean> {
    const holder = await this.holderOf('unsubscribe', token);
    if (!holder) return false;
    await this.markUnsubscribed(holder.id);
    return true;
  }

  /** An editor takes an address off the list. */
  async unsubscribeByEditor(id: number): Promise<void> {
    const row = await newsletterDb(this.em.fork()).selectFrom('newsletter_subscriber').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundException({ error: 'Not Found', message: `Subscriber ${id} not found` });
    await this.markUnsubscribed(id);
  }

  private async markUnsubscribed(id: number): Promise<void> {
    await newsletterDb(this.em.fork())
      .updateTable('newsletter_subscriber')
      .set({ status: 'unsubscribed', unsubscribed_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '<>', 'unsubscribed')
      .execute();
  }

  /**
   * Erases the token's address: the row goes (its deliveries keep their counts, without the address)
   * and a one-way fingerprint stays, so no editor or import can put it back.
   */
  async erase(token: string): Promise<boolean> {
    const holder = await this.holderOf('unsubscribe', token);
    if (!holder) return false;
    await this.em.fork().transactional(async (tx) => {
      await newsletterDb(tx)
        .insertInto('newsletter_suppression')
        .values({ email_hash: suppressionHash(holder.email), reason: 'erased' })
        .onConflict((conflict) => conflict.column('email_hash').doNothing())
        .execute();
      await newsletterDb(tx).deleteFrom('newsletter_subscriber').where('id', '=', holder.id).execute();
    });
    this.logger.log({ subscriberId: holder.id }, 'Newsletter subscriber erased at their request');
    return true;
  }
}
