import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AuditLogQuerySchema,
  AuditRefusalsQuerySchema,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type AuditLogEntry,
  type AuditLogQuery,
  type AuditRefusals,
  type AuditRefusalsQuery,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { AuditLogReader } from './audit-log.reader.js';
import { RequirePermission } from '../auth/index.js';

@Controller('admin/audit-log')
export class AuditLogController {
  constructor(private readonly audit: AuditLogReader) {}

  /** Who did what and when, newest first: a plain array, the next cursor and the count in headers. */
  @RequirePermission('operations.run')
  @Get()
  async list(
    @Query(new ZodValidationPipe(AuditLogQuerySchema)) query: AuditLogQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditLogEntry[]> {
    const page = await this.audit.page(query);
    void reply.header(TOTAL_COUNT_HEADER, page.total);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }

  /** Admin calls refused without a session: counted, not listed (a few samples of each are in the log). */
  @RequirePermission('operations.run')
  @Get('refusals')
  refusals(@Query(new ZodValidationPipe(AuditRefusalsQuerySchema)) query: AuditRefusalsQuery): Promise<AuditRefusals> {
    return this.audit.refusals(query);
  }
}
