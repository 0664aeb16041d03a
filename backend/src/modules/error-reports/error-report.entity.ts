import { defineEntity, p } from '@mikro-orm/core';
import type { ErrorReportStatus } from '@ai-mind/contracts';

/** What a reader says is wrong in an article, waiting for an editor (its constraints declared below). */
export const ErrorReportSchema = defineEntity({
  name: 'ErrorReport',
  tableName: 'error_report',
  properties: {
    id: p.integer().primary().autoincrement(),
    articleId: p.integer(),
    details: p.text(),
    /** The sentence at fault, as the reader copied it. */
    quote: p.text().nullable(),
    status: p.string().$type<ErrorReportStatus>().length(20).default('open'),
    clientHash: p.string().length(64),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    handledBy: p.string().length(100).nullable(),
    handledAt: p.datetime().nullable(),
    /** The claim (cited sentence) reported on, and what the page showed of it then (its claims are replaced on every check). */
    claimId: p.integer().nullable(),
    claimSentence: p.text().nullable(),
    claimSourceNumber: p.integer().nullable(),
    claimPassage: p.text().nullable(),
    claimOutlet: p.string().length(200).nullable(),
  },
  indexes: [
    { name: 'error_report_article_id_index', expression: 'create index "error_report_article_id_index" on "error_report" ("article_id", "id" desc)' },
    { name: 'error_report_open_index', expression: `create index "error_report_open_index" on "error_report" ("id" desc) where "status" = 'open'` },
  ],
  checks: [
    { name: 'error_report_details_check', expression: 'length(btrim(details)) >= 1 and length(btrim(details)) <= 2000' },
    { name: 'error_report_quote_check', expression: 'quote is null or length(quote) <= 500' },
    { name: 'error_report_status_check', expression: `status in ('open', 'resolved', 'dismissed', 'spam')` },
    { name: 'error_report_handled_check', expression: `(status = 'open') = (handled_at is null)` },
    { name: 'error_report_claim_check', expression: '(claim_id is null) = (claim_sentence is null)' },
  ],
});

export class ErrorReport extends ErrorReportSchema.class {}
ErrorReportSchema.setClass(ErrorReport);
