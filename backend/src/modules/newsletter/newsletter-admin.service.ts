import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Selectable } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  type AdminNewsletterDigest,
  type AdminNewsletterDigestListQuery,
  type AdminNewsletterSubscriber,
  type AdminNewsletterSubscriberListQuery,
  type NewsletterCounts,
  type NewsletterFailedDelivery,
} from '@ai-mind/contracts';
import { csvCell } from '../../common/csv.js';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { containing } from '../../common/sql-like.js';
import { newsletterDb, type NewsletterDatabase } from './tables.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const SUBSCRIBER_COLUMNS = ['s.id', 's.email', 's.status', 's.consent_source', 's.consent_at', 's.confirmed_at', 's.unsubscribed_at', 's.created_at'] as const;
type SubscriberRow = Pick<
  Selectable<NewsletterDatabase['newsletter_subscriber']>,
  'id' | 'email' | 'status' | 'consent_source' | 'consent_at' | 'confirmed_at' | 'unsubscribed_at' | 'created_at'
>;

function toSubscriber(row: SubscriberRow): AdminNewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    consentSource: row.consent_source,
    consentAt: iso(row.consent_at),
    confirmedAt: iso(row.confirmed_at),
    unsubscribedAt: iso(row.unsubscribed_at),
    createdAt: iso(row.created_at)!,
  };
}

/** The newsletter as editors read it: the subscribers, their counts and export, and each digest's outcome. */
@Injectable()
export class NewsletterAdminService {
  constructor(private readonly em: EntityManager) {}

  /** The subscribers the filters match (`s`), for the page, its count and the export. */
  private subscribersMatching(query: Pick<AdminNewsletterSubscriberListQuery, 'search' | 'status'>) {
    const { search, status } = query;
    return newsletterDb(this.em.fork())
      .selectFrom('newsletter_subscriber as s')
      .$if(search !== undefined, (q) => q.where('s.email', 'ilike', containing(search!.toLowerCase())))
      .$if(status !== undefined, (q) => q.where('s.status', '=', status!));
  }

  async subscribers(query: AdminNewsletterSubscriberListQuery): Promise<{ items: AdminNewsletterSubscriber[]; nextCursor: string | null; total: number }> {
    const { rows, nextCursor, total } = await newestFirstPage(
      this.subscribersMatching(query),
      { time: 's.created_at', id: 's.id' },
      (q) => q.select(SUBSCRIBER_COLUMNS),
      { cursor: query.cursor, limit: query.limit ?? ADMIN_PAGE_SIZE },
    );
    return { items: rows.map(toSubscriber), nextCursor, total };
  }

  async counts(): Promise<NewsletterCounts> {
    const rows = await newsletterDb(this.em.fork())
      .selectFrom('newsletter_subscriber')
      .select(['status', sql<number>`count(*)::int`.as('count')])
      .groupBy('status')
      .execute();
    const counts: NewsletterCounts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }

  /** Every subscriber the filters match, oldest first, as CSV with the consent record. */
  async csv(query: Pick<AdminNewsletterSubscriberListQuery, 'search' | 'status'>): Promise<string> {
    const rows = await this.subscribersMatching(query).select(SUBSCRIBER_COLUMNS).orderBy('s.created_at').orderBy('s.id').execute();
    const header = ['email', 'status', 'signed_up_at', 'consent_source', 'consent_at', 'confirmed_at', 'unsubscribed_at'];
    const lines = rows.map((row) => {
      const s = toSubscriber(row);
      return [s.email, s.status, s.createdAt, s.consentSource, s.consentAt, s.confirmedAt, s.unsubscribedAt].map(csvCell).join(',');
    });
    return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
  }

  async digests(query: AdminNewsletterDigestListQuery): Promise<{ items: AdminNewsletterDigest[]; nextCursor: string | null; total: number }> {
    const { rows, nextCursor, total } = await newestFirstPage(
      newsletterDb(this.em.fork()).selectFrom('newsletter_digest as d'),
      { time: 'd.created_at', id: 'd.id' },
      (q) =>
        q
          // The counts are one aggregate row for every digest (none delivered: zeros), so the inner join drops none.
          .innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('newsletter_delivery')
                .select([
                  sql<number>`count(*) filter (where status = 'sent')::int`.as('sent'),
                  sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
                  sql<number>`count(*) filter (where status in ('pending', 'sending'))::int`.as('pending'),
                  sql<number>`count(*) filter (where status = 'skipped')::int`.as('skipped'),
                ])
                .whereRef('digest_id', '=', 'd.id')
                .as('c'),
            (join) => join.onTrue(),
          )
          .select([
            'd.id',
            'd.trigger',
            'd.status',
            'd.subject',
            'd.article_count',
            'd.recipient_count',
            'd.period_from',
            'd.period_until',
            'd.created_at',
            'd.finished_at',
            'c.sent',
            'c.failed',
            'c.pending',
            'c.skipped',
          ]),
      { cursor: query.cursor, limit: query.limit ?? ADMIN_PAGE_SIZE },
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        trigger: row.trigger,
        status: row.status,
        subject: row.subject,
        articleCount: row.article_count,
        recipients: row.recipient_count,
        sent: row.sent,
        failed: row.failed,
        pending: row.pending,
        skipped: row.skipped,
        periodFrom: iso(row.period_from)!,
        periodUntil: iso(row.period_until)!,
        createdAt: iso(row.created_at)!,
        finishedAt: iso(row.finished_at),
      })),
      nextCursor,
      total,
    };
  }

  /** The recipients a digest could not reach, with the SMTP server's last answer (the first 200). */
  failures(digestId: number): Promise<NewsletterFailedDelivery[]> {
    return newsletterDb(this.em.fork())
      .selectFrom('newsletter_delivery as d')
      .leftJoin('newsletter_subscriber as s', 's.id', 'd.subscriber_id')
      .select(['s.email', 'd.attempts', 'd.last_error as error'])
      .where('d.digest_id', '=', digestId)
      .where('d.status', '=', 'failed')
      .orderBy('d.id')
      .limit(200)
      .execute();
  }
}
