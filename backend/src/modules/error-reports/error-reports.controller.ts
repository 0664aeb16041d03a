import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ArticleIdParamsSchema,
  CreateErrorReportRequestSchema,
  ERROR_REPORT_MESSAGES,
  type CreateErrorReportRequest,
  type ErrorReportReceipt,
} from '@ai-mind/contracts';
import { clientOf } from '../../common/client-hash.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { PublicWrite } from '../../common/route-access.js';
import { ErrorReportsService } from './error-reports.service.js';

/** A reader's "Report an error" on an article, as the hydrated page sends it. */
@Controller('articles/:id/error-reports')
export class ErrorReportsController {
  constructor(private readonly reports: ErrorReportsService) {}

  @PublicWrite()
  @Post()
  async create(
    @Param(new ZodValidationPipe(ArticleIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(CreateErrorReportRequestSchema)) body: CreateErrorReportRequest,
    @Req() request: FastifyRequest,
  ): Promise<ErrorReportReceipt> {
    const id = await this.reports.create(params.id, body, clientOf(request));
    return { id, message: ERROR_REPORT_MESSAGES.sent.message };
  }
}
