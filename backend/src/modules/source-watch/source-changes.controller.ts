import { Body, Controller, GatewayTimeoutException, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  SetSourceChangeStatusRequestSchema,
  SourceChangeIdParamsSchema,
  SourceChangeListQuerySchema,
  type SetSourceChangeStatusRequest,
  type SourceChange,
  type SourceChangeListQuery,
  type SourceWatchRun,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { JobProducer, JobTimeoutError } from '../../queue/job-producer.service.js';
import { RequirePermission } from '../auth/index.js';
import { SourceChangesService } from './source-changes.service.js';

/**
 * The "Source changes" queue: the editors who may publish corrections and updates (articles.publish,
 * as the corrections route) read it, close its items, and may have the sources read now.
 */
@Controller('admin/source-changes')
export class SourceChangesController {
  constructor(
    private readonly changes: SourceChangesService,
    private readonly jobs: JobProducer,
  ) {}

  @RequirePermission('articles.publish')
  @Get()
  list(@Query(new ZodValidationPipe(SourceChangeListQuerySchema)) query: SourceChangeListQuery): Promise<SourceChange[]> {
    return this.changes.list(query.status);
  }

  @RequirePermission('articles.publish')
  @Post(':id/status')
  @HttpCode(200)
  setStatus(
    @Param(new ZodValidationPipe(SourceChangeIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(SetSourceChangeStatusRequestSchema)) body: SetSourceChangeStatusRequest,
    @Req() request: FastifyRequest,
  ): Promise<SourceChange> {
    return this.changes.close(params.id, body.status, request.adminSession!.username);
  }

  /** Runs the watch on the worker now and answers with what it found (504 when the worker takes longer than the jobs' wait). */
  @RequirePermission('articles.publish')
  @Post('check')
  @HttpCode(200)
  async checkNow(): Promise<SourceWatchRun> {
    try {
      return await this.jobs.run('source-watch-run', { trigger: 'manual' });
    } catch (error) {
      if (!(error instanceof JobTimeoutError)) throw error;
      throw new GatewayTimeoutException({
        error: 'Gateway Timeout',
        message: 'Reading the sources takes longer than this request may wait; it carries on in the background, and what it finds joins the queue.',
      });
    }
  }
}
