import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  AdminErrorReportListQuerySchema,
  SetErrorReportStatusRequestSchema,
  type AdminErrorReport,
  type AdminErrorReportListQuery,
  type BulkResult,
  type SetErrorReportStatusRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { ErrorReportsService } from './error-reports.service.js';

/** The editors' queue of readers' error reports. */
@Controller('admin/error-reports')
export class ErrorReportsAdminController {
  constructor(private readonly reports: ErrorReportsService) {}

  @RequirePermission('comments.moderate')
  @Get()
  list(@Query(new ZodValidationPipe(AdminErrorReportListQuerySchema)) query: AdminErrorReportListQuery): Promise<AdminErrorReport[]> {
    return this.reports.list(query);
  }

  @RequirePermission('comments.moderate')
  @Post('status')
  @HttpCode(200)
  async setStatus(
    @Body(new ZodValidationPipe(SetErrorReportStatusRequestSchema)) body: SetErrorReportStatusRequest,
    @Req() request: FastifyRequest,
  ): Promise<BulkResult> {
    const count = await this.reports.setStatus(body.ids, body.status, request.adminSession!.username);
    return { message: `Marked ${count} report${count === 1 ? '' : 's'} ${body.status}.`, count };
  }
}
