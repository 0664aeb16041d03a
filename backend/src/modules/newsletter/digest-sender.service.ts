import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { newsletterDb } from './tables.js';
import { failureIsPermanent, failureText, Mailer } from './mailer.js';
import { listUnsubscribeHeaders, personalised } from './newsletter-emails.js';
import { NewsletterService } from './newsletter.service.js';
import { ReaderMailPolicy } from './reader-mail-policy.js';

/** How often a sender with nothing to claim looks again for retries that came due or claims gone stale. */
const IDLE_POLL_MS = 250;

/**
 * Sends one digest to its recipients, one delivery row at a time. Several senders (jobs on any
 * workers) work through the same rows: each claims a row in one statement (`for update skip locked`),
 * so no two claim the same one. A claim is a lease: a sender that dies mid-send (a killed worker)
 * leaves its row claimed, and after NEWSLETTER_SEND_LEASE_MS another sender sends it. The SMTP
 * server took that message only if it answered the end of DATA, which the dead sender never saw, so
 * what is sent again was not delivered (the same Message-ID either way); the one window left is a
 * worker killed between the server's answer and the commit marking the row sent, a few milliseconds.
 * A sender returns when no row of the digest is waiting, claimed or due for a retry, or, between two
 * messages, when its worker is stopping (`stopping`): it then holds no claim, and the job goes back to
 * the queue for the next worker, so a deploy never waits on a digest to a large list.
 */
/** A delivery row this sender holds, with its recipient as they are now. */
type Claimed = NonNullable<Awaited<ReturnType<DigestSenderService['claim']>>>;

@Injectable()
export class DigestSenderService {
  private readonly logger = new Logger(DigestSenderService.name);
  private readonly claimant = `${hostname()}:${process.pid}`;

  constructor(
    private readonly em: EntityManager,
    private readonly mailer: Mailer,
    private readonly newsletter: NewsletterService,
    private readonly mailPolicy: ReaderMailPolicy,
    @InjectConfig('newsletter') private readonly config: ConfigSlice<'newsletter'>,
    @InjectConfig('site') private readonly siteConfig: ConfigSlice<'site'>,
  ) {}

  async send(digestId: number, stopping: () => boolean = () => false): Promise<{ sent: number; failed: number; stopped: boolean }> {
    const digest = await newsletterDb(this.em.fork())
      .selectFrom('newsletter_digest')
      .select(['id', 'subject', 'html', 'text'])
      .where('id', '=', digestId)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    const outcome = { sent: 0, failed: 0, stopped: false };
    if (!digest) return outcome;
    const host = new URL(this.siteConfig.publicUrl).hostname;
    for (;;) {
      if (stopping()) return { ...outcome, stopped: true };
      const claimed = await this.claim(digestId);
      if (!claimed) {
        if (await this.finishIfDone(digestId)) return outcome;
        await sleep(IDLE_POLL_MS);
        continue;
      }
      // Checked as each message goes: a reader who left, or whose mailbox was suppressed, since the digest was made gets none.
      if (!claimed.email || claimed.status !== 'confirmed' || !(await this.mailPolicy.admitsDigest(claimed.email))) {
        await this.settle(claimed, 'skipped', null);
        continue;
      }
      try {
        const unsubscribeUrl = await this.newsletter.unsubscribeUrl({ id: claimed.subscriber_id!, email: claimed.email });
        await this.mailer.send({
          to: claimed.email,
          ...personalised(digest, unsubscribeUrl),
          headers: listUnsubscribeHeaders(unsubscribeUrl),
          messageId: `<digest-${digest.id}.${claimed.subscriber_id}@${host}>`,
        });
        await this.settle(claimed, 'sent', null);
        outcome.sent += 1;
      } catch (error) {
        const final = failureIsPermanent(error) || claimed.attempts >= this.config.maxAttempts;
        await this.settle(claimed, final ? 'failed' : 'retry', failureText(error));
        if (final) outcome.failed += 1;
        // The server says the address does not take mail: it stays off the list until it signs up again.
        if (failureIsPermanent(error)) {
          await newsletterDb(this.em.fork())
            .updateTable('newsletter_subscriber')
            .set({ status: 'bounced' })
            .where('id', '=', claimed.subscriber_id)
            .where('status', '=', 'confirmed')
            .execute();
        }
      }
    }
  }

  /** The next row to send: waiting and due, or claimed by a sender whose lease ran out. */
  private async claim(digestId: number) {
    const leaseSeconds = this.config.sendLeaseMs / 1000;
    const row = await newsletterDb(this.em.fork())
      .with('next', (q) =>
        q
          .selectFrom('newsletter_delivery')
          .select('id')
          .where('digest_id', '=', digestId)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', sql<Date>`now()`)]),
              eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<=', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`)]),
            ]),
          )
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .with('claimed', (q) =>
        q
          .updateTable('newsletter_delivery as d')
          .from('next')
          .set((eb) => ({ status: 'sending', claimed_at: sql<Date>`now()`, claimed_by: this.claimant, attempts: eb('d.attempts', '+', 1) }))
          .whereRef('d.id', '=', 'next.id')
          .returning(['d.id', 'd.subscriber_id', 'd.attempts']),
      )
      .selectFrom('claimed as c')
      .leftJoin('newsletter_subscriber as s', 's.id', 'c.subscriber_id')
      .select(['c.id', 'c.subscriber_id', 'c.attempts', 's.email', 's.status'])
      .executeTakeFirst();
    return row ?? null;
  }

  /** Records the attempt's outcome, if this sender still holds the claim; a retry waits twice as long each time. */
  private async settle(claimed: Claimed, outcome: 'sent' | 'failed' | 'skipped' | 'retry', error: string | null): Promise<void> {
    const delaySeconds = (this.config.retryDelayMs * 2 ** (claimed.attempts - 1)) / 1000;
    await newsletterDb(this.em.fork())
      .updateTable('newsletter_delivery')
      .set({
        status: outcome === 'retry' ? 'pending' : outcome,
        // An attempt without an error keeps the last one's; only a sent row gets its time; only a retry waits.
        ...(error !== null && { last_error: error }),
        ...(outcome === 'sent' && { sent_at: sql<Date>`now()` }),
        ...(outcome === 'retry' && { next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})` }),
      })
      .where('id', '=', claimed.id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', this.claimant)
      .where('attempts', '=', claimed.attempts)
      .execute();
  }

  /** Marks the digest sent once none of its rows is waiting or claimed; true when it is (by this sender or another). */
  private async finishIfDone(digestId: number): Promise<boolean> {
    const open = await newsletterDb(this.em.fork())
      .selectFrom('newsletter_delivery')
      .select('id')
      .where('digest_id', '=', digestId)
      .where('status', 'in', ['pending', 'sending'])
      .limit(1)
      .executeTakeFirst();
    if (open) return false;
    const finished = await newsletterDb(this.em.fork())
      .updateTable('newsletter_digest')
      .set({ status: 'sent', finished_at: sql<Date>`now()` })
      .where('id', '=', digestId)
      .where('status', '=', 'sending')
      .returning('id')
      .executeTakeFirst();
    if (finished) this.logger.log({ digestId }, 'Newsletter digest sent');
    return true;
  }
}
