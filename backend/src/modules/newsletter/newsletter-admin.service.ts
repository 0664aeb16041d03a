import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ADMIN_PAGE_SIZE,
  type AdminNewsletterDigest,
  type AdminNewsletterDigestListQuery,
  type AdminNewsletterSubscriber,
  type AdminNewsletterSubscriberListQuery,
  type NewsletterCounts,
  type NewsletterFailedDelivery,
  type NewsletterStatus,
} from '@ai-mind/contracts';
import { newestFirstPage } from '../../common/newest-first-page.js';
import { containing } from '../../common/sql-like.js';

interface SubscriberRow {
  id: number;
  email: string;
  status: NewsletterStatus;
  consent_source: string | null;
  consent_at: Date | null;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  created_at: Date;
}

interface DigestRow {
  id: number;
  trigger: 'schedule' | 'manual';
  status: 'sending' | 'sent' | 'empty';
  subject: string;
  article_count: number;
  recipient_count: number;
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
  period_from: Date;
  period_until: Date;
  created_at: Date;
  finished_at: Date | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const SUBSCRIBER_COLUMNS = 's.id, s.email, s.status, s.consent_source, s.consent_at, s.confirmed_at, s.unsubscribed_at, s.created_at';

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

/** A spreadsheet cell: quoted, and never read as a formula (a cell starting with = + - @ gets a leading '). */
function csvCell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The newsletter as editors read it: the subscribers, their counts and export, and each digest's outcome. */
@Injectable()
export class NewsletterAdminService {
  constructor(private readonly em: EntityManager) {}

  private subscriberFilters(query: Pick<AdminNewsletterSubscriberListQuery, 'search' | 'status'>) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.search !== undefined) {
      where.push('s.email ilike ?');
      params.push(containing(query.search.toLowerCase()));
    }
    if (query.status !== undefined) {
      where.push('s.status = ?');
      params.push(query.status);
    }
    return { where, params };
  }

  async subscribers(query: AdminNewsletterSubscriberListQuery): Promise<{ items: AdminNewsletterSubscriber[]; nextCursor: string | null; total: number }> {
    const { rows, nextCursor, total } = await newestFirstPage<SubscriberRow>(
      this.em,
      { select: SUBSCRIBER_COLUMNS, from: 'newsletter_subscriber s', countFrom: 'newsletter_subscriber s', time: 's.created_at', id: 's.id' },
      this.subscriberFilters(query),
      { cursor: query.cursor, limit: query.limit ?? ADMIN_PAGE_SIZE },
    );
    return { items: rows.map(toSubscriber), nextCursor, total };
  }

  async counts(): Promise<NewsletterCounts> {
    const rows = await this.em.fork().execute<{ status: NewsletterStatus; count: number }[]>('select status, count(*)::int as count from newsletter_subscriber group by status');
    const counts: NewsletterCounts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }

  /** Every subscriber the filters match, oldest first, as CSV with the consent record. */
  async csv(query: Pick<AdminNewsletterSubscriberListQuery, 'search' | 'status'>): Promise<string> {
    const { where, params } = this.subscriberFilters(query);
    const rows = await this.em
      .fork()
      .execute<SubscriberRow[]>(`select ${SUBSCRIBER_COLUMNS} from newsletter_subscriber s ${where.length ? `where ${where.join(' and ')}` : ''} order by s.created_at, s.id`, params);
    const header = ['email', 'status', 'signed_up_at', 'consent_source', 'consent_at', 'confirmed_at', 'unsubscribed_at'];
    const lines = rows.map((row) => {
      const s = toSubscriber(row);
      return [s.email, s.status, s.createdAt, s.consentSource, s.consentAt, s.confirmedAt, s.unsubscribedAt].map(csvCell).join(',');
    });
    return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
  }

  async digests(query: AdminNewsletterDigestListQuery): Promise<{ items: AdminNewsletterDigest[]; nextCursor: string | null; total: number }> {
    const { rows, nextCursor, total } = await newestFirstPage<DigestRow>(
      this.em,
      {
        select: 'd.id, d.trigger, d.status, d.subject, d.article_count, d.recipient_count, d.period_from, d.period_until, d.created_at, d.finished_at, c.sent, c.failed, c.pending, c.skipped',
        from: `newsletter_digest d left join lateral (
          select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status in ('pending', 'sending'))::int as pending, count(*) filter (where status = 'skipped')::int as skipped
          from newsletter_delivery where digest_id = d.id) c on true`,
        countFrom: 'newsletter_digest d',
        time: 'd.created_at',
        id: 'd.id',
      },
      { where: [], params: [] },
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
    return this.em
      .fork()
      .execute<NewsletterFailedDelivery[]>(
        `select s.email, d.attempts, d.last_error as error from newsletter_delivery d left join newsletter_subscriber s on s.id = d.subscriber_id
         where d.digest_id = ? and d.status = 'failed' order by d.id limit 200`,
        [digestId],
      );
  }
}
