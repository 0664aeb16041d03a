import { defineEntity, p } from '@mikro-orm/core';
import type { ErrorReportStatus } from '@ai-mind/contracts';

/** What a reader says is wrong in an article, waiting for an editor (constraints in the public_record migration). */
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
    createdAt: p.datetime().onCreate(() => new Date()),
    handledBy: p.string().length(100).nullable(),
    handledAt: p.datetime().nullable(),
  },
});

export class ErrorReport extends ErrorReportSchema.class {}
ErrorReportSchema.setClass(ErrorReport);
