import { BadGatewayException, ConflictException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { articleLabel, DIGEST_TESTS_PER_HOUR, NEWSLETTER_PAGES, type NewsletterPreview, type NewsletterSchedule } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { newsletterDb } from './tables.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { ArticleProvenanceService, ArticlePublicationsReader } from '../articles/index.js';
import { latestSlot, periodLengthMs } from './digest-schedule.js';
import { failureText, Mailer, MailNotConfiguredError } from './mailer.js';
import { digestEmail, listUnsubscribeHeaders, personalised, type RenderedEmail } from './newsletter-emails.js';

/** A digest holds at most this many articles, the newest. */
export const DIGEST_MAX_ARTICLES = 30;

export interface ScheduleSettings extends NewsletterSchedule {
  scheduleChangedAt: Date;
}

interface Period {
  from: Date;
  until: Date;
}

/**
 * Digests: what the next one would hold (the articles published since the last one), and making one,
 * with a delivery row per confirmed subscriber, then the sending jobs that work through those rows.
 */
@Injectable()
export class DigestService {
  private readonly logger = new Logger(DigestService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly publications: ArticlePublicationsReader,
    private readonly provenance: ArticleProvenanceService,
    private readonly jobs: JobProducer,
    private readonly mailer: Mailer,
    private readonly rateLimiter: RateLimiterService,
    @InjectConfig('newsletter') private readonly config: ConfigSlice<'newsletter'>,
    @InjectConfig('site') private readonly siteConfig: ConfigSlice<'site'>,
  ) {}

  async settings(em = this.em.fork()): Promise<ScheduleSettings> {
    const row = await newsletterDb(em)
      .selectFrom('newsletter_settings')
      .select(['cadence', 'weekday', 'send_time', 'schedule_changed_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!row) throw new Error('newsletter_settings has no row: run the migrations');
    return { cadence: row.cadence, weekday: row.weekday, sendTime: row.send_time, scheduleChangedAt: new Date(row.schedule_changed_at) };
  }

  async saveSchedule(schedule: NewsletterSchedule, editor: string): Promise<void> {
    await newsletterDb(this.em.fork())
      .updateTable('newsletter_settings')
      .set({ cadence: schedule.cadence, weekday: schedule.weekday, send_time: schedule.sendTime, schedule_changed_at: sql`now()`, updated_by: editor })
      .where('id', '=', 1)
      .execute();
  }

  /** From the end of the last digest's period (or one cadence back, for the first) until now. */
  private async nextPeriod(em: EntityManager, settings: ScheduleSettings): Promise<Period> {
    const row = await newsletterDb(em)
      .selectFrom('newsletter_digest')
      .select((eb) => [eb.fn.max<Date | null>('period_until').as('last_until'), sql<Date>`now()`.as('now')])
      .executeTakeFirstOrThrow();
    const until = new Date(row.now);
    const from = row.last_until ? new Date(row.last_until) : new Date(until.getTime() - periodLengthMs(settings.cadence));
    return { from, until };
  }

  private async render(period: Period): Promise<{ email: RenderedEmail; articleCount: number }> {
    const published = await this.publications.publishedBetween(period.from, period.until, DIGEST_MAX_ARTICLES);
    const articles = await Promise.all(
      published.map(async (article) => {
        const provenance = await this.provenance.describe(article);
        return { ...article, label: articleLabel(provenance), grade: provenance.grade };
      }),
    );
    return { email: digestEmail(articles, this.siteConfig.publicUrl), articleCount: articles.length };
  }

  async preview(): Promise<NewsletterPreview> {
    const em = this.em.fork();
    const period = await this.nextPeriod(em, await this.settings(em));
    const { email, articleCount } = await this.render(period);
    return { ...email, articleCount, periodFrom: period.from.toISOString(), periodUntil: period.until.toISOString() };
  }

  /**
   * The preview, sent now to the address of the signed-in account (never one the request names, so the
   * test mails nobody but its sender), marked as a test, DIGEST_TESTS_PER_HOUR times an hour per
   * account. Its unsubscribe link leads to the page only: the address need not be on the list. The SMTP
   * server's refusal is the answer. Answers the address it went to.
   */
  async sendTest(accountId: number): Promise<string> {
    // The account's own address, as the people module keeps it.
    const account = await newsletterDb(this.em.fork()).selectFrom('admin_user').select('email').where('id', '=', accountId).executeTakeFirst();
    const email = account?.email;
    if (!email) {
      throw new ConflictException({
        error: 'Conflict',
        message: 'Your account has no email address to send the test to. Ask an owner to add one under People.',
      });
    }
    await this.rateLimiter.consumeAll([
      {
        key: `newsletter-test:${accountId}`,
        limit: DIGEST_TESTS_PER_HOUR,
        windowSeconds: 3600,
        message: (wait) => `You can send ${DIGEST_TESTS_PER_HOUR} tests of the digest an hour. Try again in ${wait}.`,
      },
    ]);
    const preview = await this.preview();
    const pageUrl = `${this.siteConfig.publicUrl}${NEWSLETTER_PAGES.leave}`;
    const mail = personalised(preview, pageUrl);
    try {
      await this.mailer.send({ to: email, ...mail, subject: `[Test] ${mail.subject}`, headers: listUnsubscribeHeaders(pageUrl) });
    } catch (error) {
      if (error instanceof MailNotConfiguredError) throw new ServiceUnavailableException({ error: 'Service Unavailable', message: error.message });
      throw new BadGatewayException({ error: 'Bad Gateway', message: `The SMTP server did not take the test: ${failureText(error)}` });
    }
    return email;
  }

  /**
   * Makes the next digest and starts sending it: one at a time cluster-wide (a transaction lock), a
   * scheduled slot at most once (its unique slot). A period with nothing published is recorded as an
   * empty digest when it was scheduled (so the slot is done) and not at all when asked for by hand.
   * Null when nothing was made (the slot was done, or nothing to send by hand).
   */
  async create(trigger: { kind: 'schedule'; slot: Date } | { kind: 'manual'; editor: string }): Promise<{ digestId: number; articleCount: number } | null> {
    const created = await this.em.fork().transactional(async (tx) => {
      // Raw: a PostgreSQL advisory lock is a function call for its effect, not a query of any table.
      await tx.execute(`select pg_advisory_xact_lock(hashtext('newsletter-digest'))`);
      if (trigger.kind === 'schedule') {
        const done = await newsletterDb(tx).selectFrom('newsletter_digest').select('id').where('slot', '=', trigger.slot).executeTakeFirst();
        if (done) return null;
      }
      const period = await this.nextPeriod(tx, await this.settings(tx));
      const { email, articleCount } = await this.render(period);
      if (articleCount === 0 && trigger.kind === 'manual') return null;
      const digest = await newsletterDb(tx)
        .insertInto('newsletter_digest')
        .values({
          slot: trigger.kind === 'schedule' ? trigger.slot : null,
          trigger: trigger.kind,
          requested_by: trigger.kind === 'manual' ? trigger.editor : null,
          period_from: period.from,
          period_until: period.until,
          subject: email.subject,
          html: email.html,
          text: email.text,
          article_count: articleCount,
          status: articleCount === 0 ? 'empty' : 'sending',
          finished_at: articleCount === 0 ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (articleCount > 0) {
        const recipients = await newsletterDb(tx)
          .insertInto('newsletter_delivery')
          .columns(['digest_id', 'subscriber_id'])
          .expression((eb) =>
            eb
              .selectFrom('newsletter_subscriber')
              .select([eb.cast<number>(eb.val(digest.id), 'integer').as('digest_id'), 'id'])
              .where('status', '=', 'confirmed'),
          )
          .returning('id')
          .execute();
        await newsletterDb(tx).updateTable('newsletter_digest').set({ recipient_count: recipients.length }).where('id', '=', digest.id).execute();
      }
      return { digestId: digest.id, articleCount };
    });
    if (created && created.articleCount > 0) {
      this.logger.log(created, 'Newsletter digest created');
      await this.startSending(created.digestId);
    }
    return created;
  }

  /**
   * Adds the digest's sending jobs (NEWSLETTER_SENDERS of them, shared out over the workers). Their
   * ids are fixed per digest, so adding them again while they exist changes nothing.
   */
  async startSending(digestId: number): Promise<void> {
    const senders = Array.from({ length: this.config.senders }, (_, sender) => ({
      payload: { digestId, sender },
      options: { jobId: `digest-${digestId}-sender-${sender}` },
    }));
    await this.jobs.enqueueMany('newsletter-send', senders);
  }

  /**
   * The scheduler's minute: makes the digest of the latest due slot (one set before the schedule was
   * last changed is not due), and adds the sending jobs of any digest still sending (after a restart
   * that came between making a digest and adding its jobs).
   */
  async tick(now = new Date()): Promise<void> {
    const settings = await this.settings();
    const slot = latestSlot(settings, now);
    if (slot && slot.getTime() >= settings.scheduleChangedAt.getTime()) await this.create({ kind: 'schedule', slot });
    const sending = await newsletterDb(this.em.fork()).selectFrom('newsletter_digest').select('id').where('status', '=', 'sending').execute();
    for (const { id } of sending) await this.startSending(id);
  }
}
