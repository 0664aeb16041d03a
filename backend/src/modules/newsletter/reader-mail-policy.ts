import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { newsletterDb } from './tables.js';
import { suppressionHash } from './newsletter-tokens.js';

/** Confirmation emails one mailbox receives, whichever spellings of it were signed up and by whom. */
export const MAILBOX_CONFIRMATIONS = { perWindow: 3, windowSeconds: 24 * 3600 };

/**
 * A suppressed mailbox (erased, or unsubscribed by complaint) receives at most one "was this you?"
 * confirmation in this window, however many sign-ups name it: enough for its owner to come back,
 * too few to use it against them.
 */
export const SUPPRESSED_MAILBOX_CONFIRMATIONS = { perWindow: 1, windowSeconds: 30 * 24 * 3600 };

/**
 * Whether an email to a reader's address may go out: the one rule every path that mails the list
 * asks (the confirmation of a sign-up, each digest). A suppressed mailbox gets no digest, and a
 * confirmation only within its own limit; every mailbox's confirmations are limited. The limits are
 * kept by the mailbox's fingerprint, never the address, and refuse quietly: the sign-up answers the
 * same either way, so nobody learns whether an address is on the list or was erased from it.
 */
@Injectable()
export class ReaderMailPolicy {
  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  /** Whether the address's mailbox is on the suppression list. */
  async suppressed(email: string): Promise<boolean> {
    const row = await newsletterDb(this.em.fork())
      .selectFrom('newsletter_suppression')
      .select('email_hash')
      .where('email_hash', '=', suppressionHash(email))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether a confirmation email may go to this address now; counts it when it may. */
  async admitsConfirmation(email: string): Promise<boolean> {
    const mailbox = suppressionHash(email);
    const limits = [{ key: `newsletter-mailbox:${mailbox}`, limit: MAILBOX_CONFIRMATIONS.perWindow, windowSeconds: MAILBOX_CONFIRMATIONS.windowSeconds }];
    if (await this.suppressed(email)) {
      limits.unshift({
        key: `newsletter-suppressed:${mailbox}`,
        limit: SUPPRESSED_MAILBOX_CONFIRMATIONS.perWindow,
        windowSeconds: SUPPRESSED_MAILBOX_CONFIRMATIONS.windowSeconds,
      });
    }
    return this.rateLimiter.allows(limits);
  }

  /** Whether a digest may go to this (confirmed) address: not once its mailbox is suppressed. */
  async admitsDigest(email: string): Promise<boolean> {
    return !(await this.suppressed(email));
  }
}
