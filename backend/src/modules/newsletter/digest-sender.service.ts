import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { failureIsPermanent, failureText, Mailer } from './mailer.js';
import { listUnsubscribeHeaders, personalised } from './newsletter-emails.js';
import { NewsletterService } from './newsletter.service.js';

interface Claimed {
  id: string;
  subscriber_id: number | null;
  attempts: number;
  email: string | null;
  status: string | null;
}

interface DigestRow {
  id: number;
  subject: string;
  html: string;
  text: string;
}

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
@Injectable()
export class DigestSenderService {
  private readonly logger = new Logger(DigestSenderService.name);
  private readonly claimant = `${hostname()}:${process.pid}`;

  constructor(
    private readonly em: EntityManager,
    private readonly mailer: Mailer,
    private readonly newsletter: NewsletterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(digestId: number, stopping: () => boolean = () => false): Promise<{ sent: number; failed: number; stopped: boolean }> {
    const [digest] = await this.em.fork().execute<DigestRow[]>(`select id, subject, html, text from newsletter_digest where id = ? and status = 'sending'`, [digestId]);
    const outcome = { sent: 0, failed: 0, stopped: false };
    if (!digest) return outcome;
    const host = new URL(this.config.publicUrl).hostname;
    for (;;) {
      if (stopping()) return { ...outcome, stopped: true };
      const claimed = await this.claim(digestId);
      if (!claimed) {
        if (await this.finishIfDone(digestId)) return outcome;
        await sleep(IDLE_POLL_MS);
        continue;
      }
      if (!claimed.email || claimed.status !== 'confirmed') {
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
        const final = failureIsPermanent(error) || claimed.attempts >= this.config.newsletter.maxAttempts;
        await this.settle(claimed, final ? 'failed' : 'retry', failureText(error));
        if (final) outcome.failed += 1;
        // The server says the address does not take mail: it stays off the list until it signs up again.
        if (failureIsPermanent(error)) {
          await this.em.fork().execute(`update newsletter_subscriber set status = 'bounced' where id = ? and status = 'confirmed'`, [claimed.subscriber_id]);
        }
      }
    }
  }

  /** The next row to send: waiting and due, or claimed by a sender whose lease ran out. */
  private async claim(digestId: number): Promise<Claimed | null> {
    const [row] = await this.em.fork().execute<Claimed[]>(
      `with next as (
         select id from newsletter_delivery
         where digest_id = ? and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and claimed_at <= now() - make_interval(secs => ?)))
         order by id limit 1 for update skip locked),
       claimed as (
         update newsletter_delivery d set status = 'sending', claimed_at = now(), claimed_by = ?, attempts = d.attempts + 1
         from next where d.id = next.id
         returning d.id, d.subscriber_id, d.attempts)
       select c.id, c.subscriber_id, c.attempts, s.email, s.status from claimed c left join newsletter_subscriber s on s.id = c.subscriber_id`,
      [digestId, this.config.newsletter.sendLeaseMs / 1000, this.claimant],
    );
    return row ?? null;
  }

  /** Records the attempt's outcome, if this sender still holds the claim; a retry waits twice as long each time. */
  private async settle(claimed: Claimed, outcome: 'sent' | 'failed' | 'skipped' | 'retry', error: string | null): Promise<void> {
    const delaySeconds = (this.config.newsletter.retryDelayMs * 2 ** (claimed.attempts - 1)) / 1000;
    await this.em.fork().execute(
      `update newsletter_delivery set
         status = ?, last_error = coalesce(?, last_error),
         sent_at = case when ? = 'sent' then now() else sent_at end,
         next_attempt_at = case when ? = 'pending' then now() + make_interval(secs => ?) else next_attempt_at end
       where id = ? and status = 'sending' and claimed_by = ? and attempts = ?`,
      [outcome === 'retry' ? 'pending' : outcome, error, outcome, outcome === 'retry' ? 'pending' : outcome, delaySeconds, claimed.id, this.claimant, claimed.attempts],
    );
  }

  /** Marks the digest sent once none of its rows is waiting or claimed; true when it is (by this sender or another). */
  private async finishIfDone(digestId: number): Promise<boolean> {
    const [open] = await this.em.fork().execute<{ open: boolean }[]>(
      `select exists (select 1 from newsletter_delivery where digest_id = ? and status in ('pending', 'sending')) as open`,
      [digestId],
    );
    if (open!.open) return false;
    const finished = await this.em
      .fork()
      .execute<{ id: number }[]>(`update newsletter_digest set status = 'sent', finished_at = now() where id = ? and status = 'sending' returning id`, [digestId]);
    if (finished[0]) this.logger.log({ digestId }, 'Newsletter digest sent');
    return true;
  }
}
