import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminErrorReport, AdminErrorReportListQuery, CreateErrorReportRequest, ErrorReportStatus } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { ArticleReads } from '../articles/index.js';
import { ErrorReport } from './error-report.entity.js';
import { spamReason } from '../comments/index.js';

/** Reports per client per window: as many as comments, a separate count. */
export const ERROR_REPORT_LIMIT = { perWindow: 5, windowSeconds: 300 };
/** The same report from the same client within this window is a repeat. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;
/** The queue shows this many reports, newest first. */
const ADMIN_LIST_LIMIT = 200;

const limitMessage = (wait: string) =>
  `Report not sent: at most ${ERROR_REPORT_LIMIT.perWindow} error reports can come from one network address in ${ERROR_REPORT_LIMIT.windowSeconds / 60} minutes, and that many just did. Please try again in ${wait}.`;

interface Row {
  id: number;
  article_id: number;
  article_title: string | null;
  article_slug: string | null;
  details: string;
  quote: string | null;
  status: ErrorReportStatus;
  created_at: Date;
  handled_by: string | null;
  handled_at: Date | null;
}

const toDto = (row: Row): AdminErrorReport => ({
  id: row.id,
  articleId: row.article_id,
  articleTitle: row.article_title,
  articleSlug: row.article_slug,
  details: row.details,
  quote: row.quote,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  handledBy: row.handled_by,
  handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
});

/**
 * Readers' error reports: taken on a published article with the comments' rate limit and spam screening
 * (whichever way they arrive, JSON or the page's form), then kept for the editors' queue, where each
 * is resolved, dismissed or marked spam.
 */
@Injectable()
export class ErrorReportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly articles: ArticleReads,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  async create(articleId: number, report: CreateErrorReportRequest, client: string): Promise<number> {
    await this.rateLimiter.consumeAll([
      { key: `error-reports:${client}`, limit: ERROR_REPORT_LIMIT.perWindow, windowSeconds: ERROR_REPORT_LIMIT.windowSeconds, message: limitMessage },
    ]);
    const reason = spamReason(`${report.details}\n${report.quote ?? ''}`);
    if (reason) throw new ValidationFailedException([{ path: 'details', message: reason.replace('This comment', 'This report') }]);
    const hash = clientHash(client);
    return this.em.fork().transactional(async (em) => {
      if (!(await this.articles.isPublished(articleId, em))) throw new NotFoundException({ error: 'Not Found', message: `Article ${articleId} not found` });
      const repeat = await em.count(ErrorReport, { articleId, clientHash: hash, details: report.details, createdAt: { $gt: new Date(Date.now() - REPEAT_WINDOW_MS) } });
      if (repeat > 0) throw new ValidationFailedException([{ path: 'details', message: 'You sent this same report a few minutes ago: the editors have it, so it was not sent twice.' }]);
      const created = em.create(ErrorReport, { articleId, details: report.details, quote: report.quote || null, status: 'open', clientHash: hash, handledBy: null, handledAt: null });
      await em.flush();
      return created.id;
    });
  }

  /** The queue: newest first, by status and article when asked. */
  async list(query: AdminErrorReportListQuery): Promise<AdminErrorReport[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      where.push('r.status = ?');
      params.push(query.status);
    }
    if (query.article) {
      where.push('r.article_id = ?');
      params.push(query.article);
    }
    const rows = await this.em.fork().execute<Row[]>(
      `select r.id, r.article_id, a.title as article_title, a.slug as article_slug, r.details, r.quote, r.status, r.created_at, r.handled_by, r.handled_at
         from error_report r left join article a on a.id = r.article_id
        ${where.length ? `where ${where.join(' and ')}` : ''} order by r.id desc limit ?`,
      [...params, ADMIN_LIST_LIMIT],
    );
    return rows.map(toDto);
  }

  /** Sets the reports' status (back to open clears who handled them); answers how many there were. */
  async setStatus(ids: number[], status: ErrorReportStatus, username: string): Promise<number> {
    const handled = status !== 'open';
    const rows = await this.em
      .fork()
      .execute(
        `update error_report set status = ?, handled_by = ?, handled_at = case when ? then now() else null end where id in (?) returning id`,
        [status, handled ? username.slice(0, 100) : null, handled, [...new Set(ids)]],
      );
    return rows.length;
  }
}
