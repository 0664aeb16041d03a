import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type InferResult } from 'kysely';
import type { AdminErrorReport, AdminErrorReportListQuery, CreateErrorReportRequest, ErrorReportStatus } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { errorReportsDb } from './tables.js';
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

const toDto = (row: InferResult<ReturnType<typeof reportsWithArticles>>[number]): AdminErrorReport => ({
  id: row.id,
  articleId: row.article_id,
  articleTitle: row.article_title,
  articleSlug: row.article_slug,
  details: row.details,
  quote: row.quote,
  claim:
    row.claim_id !== null && row.claim_sentence !== null
      ? { id: row.claim_id, sentence: row.claim_sentence, sourceNumber: row.claim_source_number, passage: row.claim_passage, outlet: row.claim_outlet }
      : null,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  handledBy: row.handled_by,
  handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
});

/** The reports with the title and address of their article (gone: null). */
const reportsWithArticles = (query: ReturnType<typeof errorReportsDb>) =>
  query
    .selectFrom('error_report as r')
    .leftJoin('article as a', 'a.id', 'r.article_id')
    .select([
      'r.id',
      'r.article_id',
      'a.title as article_title',
      'a.slug as article_slug',
      'r.details',
      'r.quote',
      'r.claim_id',
      'r.claim_sentence',
      'r.claim_source_number',
      'r.claim_passage',
      'r.claim_outlet',
      'r.status',
      'r.created_at',
      'r.handled_by',
      'r.handled_at',
    ]);

/**
 * The claim a report names, with its passage and its source's outlet, if it is one of the article's
 * (as last checked); else a 400 on the field: another article's claim, or one an edit since replaced.
 */
async function claimOfArticle(em: EntityManager, articleId: number, claimId: number) {
  const claim = await errorReportsDb(em)
    .selectFrom('article_claim as c')
    .leftJoin('approved_topic as t', 't.article_id', 'c.article_id')
    .leftJoin('topic_source as s', (join) => join.onRef('s.approved_topic_id', '=', 't.id').onRef('s.number', '=', 'c.source_number'))
    .select(['c.id', 'c.sentence', 'c.source_number', 'c.passage', 's.outlet'])
    .where('c.id', '=', claimId)
    .where('c.article_id', '=', articleId)
    .executeTakeFirst();
  if (!claim)
    throw new ValidationFailedException([
      { path: 'claim', message: 'names no sentence of this article: it may have changed since the page was loaded, so please reload it' },
    ]);
  return claim;
}

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

  /** Deletes the reports on articles deleted for good, in the deleting transaction `em` (ArticleDependents). */
  async deleteOfArticles(em: EntityManager, articleIds: number[]): Promise<void> {
    await errorReportsDb(em).deleteFrom('error_report').where('article_id', 'in', articleIds).execute();
  }

  async create(articleId: number, report: CreateErrorReportRequest, client: string): Promise<number> {
    await this.rateLimiter.consumeAll([
      { key: `error-reports:${client}`, limit: ERROR_REPORT_LIMIT.perWindow, windowSeconds: ERROR_REPORT_LIMIT.windowSeconds, message: limitMessage },
    ]);
    const reason = spamReason(`${report.details}\n${report.quote ?? ''}`);
    if (reason) throw new ValidationFailedException([{ path: 'details', message: reason.replace('This comment', 'This report') }]);
    const hash = clientHash(client);
    return this.em.fork().transactional(async (em) => {
      if (!(await this.articles.isPublished(articleId, em))) throw new NotFoundException({ error: 'Not Found', message: `Article ${articleId} not found` });
      const repeat = await em.count(ErrorReport, {
        articleId,
        clientHash: hash,
        details: report.details,
        createdAt: { $gt: new Date(Date.now() - REPEAT_WINDOW_MS) },
      });
      const claim = report.claim === undefined ? null : await claimOfArticle(em, articleId, report.claim);
      if (repeat > 0)
        throw new ValidationFailedException([
          { path: 'details', message: 'You sent this same report a few minutes ago: the editors have it, so it was not sent twice.' },
        ]);
      const created = em.create(ErrorReport, {
        articleId,
        details: report.details,
        quote: report.quote || null,
        claimId: claim?.id ?? null,
        claimSentence: claim?.sentence ?? null,
        claimSourceNumber: claim?.source_number ?? null,
        claimPassage: claim?.passage ?? null,
        claimOutlet: claim?.outlet ?? null,
        status: 'open',
        clientHash: hash,
        handledBy: null,
        handledAt: null,
      });
      await em.flush();
      return created.id;
    });
  }

  /** The queue: newest first, by status and article when asked. */
  async list(query: AdminErrorReportListQuery): Promise<AdminErrorReport[]> {
    const { status, article } = query;
    const rows = await reportsWithArticles(errorReportsDb(this.em.fork()))
      .$if(Boolean(status), (q) => q.where('r.status', '=', status!))
      .$if(Boolean(article), (q) => q.where('r.article_id', '=', article!))
      .orderBy('r.id', 'desc')
      .limit(ADMIN_LIST_LIMIT)
      .execute();
    return rows.map(toDto);
  }

  /** Sets the reports' status (back to open clears who handled them); answers how many there were. */
  async setStatus(ids: number[], status: ErrorReportStatus, username: string): Promise<number> {
    const handled = status !== 'open';
    const rows = await errorReportsDb(this.em.fork())
      .updateTable('error_report')
      .set({ status, handled_by: handled ? username.slice(0, 100) : null, handled_at: handled ? sql<Date>`now()` : null })
      .where('id', 'in', [...new Set(ids)])
      .returning('id')
      .execute();
    return rows.length;
  }
}
