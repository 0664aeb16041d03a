import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AdminCommentListQuerySchema,
  IdsRequestSchema,
  MarkSpamRequestSchema,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminComment,
  type AdminCommentListQuery,
  type BulkResult,
  type IdsRequest,
  type MarkSpamRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { plural } from '../../common/plural.js';
import { CommentsAdminService } from './comments-admin.service.js';
import { RequirePermission } from '../auth/index.js';

@Controller('admin/comments')
export class CommentsAdminController {
  constructor(private readonly comments: CommentsAdminService) {}

  /** Every article's comments, newest first: a plain array, the next cursor and the count in headers. */
  @RequirePermission('comments.moderate')
  @Get()
  async list(
    @Query(new ZodValidationPipe(AdminCommentListQuerySchema)) query: AdminCommentListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminComment[]> {
    const page = await this.comments.page(query);
    void reply.header(TOTAL_COUNT_HEADER, page.total);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }

  @RequirePermission('comments.moderate')
  @Post('delete')
  @HttpCode(200)
  async delete(@Body(new ZodValidationPipe(IdsRequestSchema)) body: IdsRequest): Promise<BulkResult> {
    const count = await this.comments.delete(body.ids);
    return { message: `Deleted ${plural(count, 'comment')}.`, count };
  }

  @RequirePermission('comments.moderate')
  @Post('spam')
  @HttpCode(200)
  async spam(@Body(new ZodValidationPipe(MarkSpamRequestSchema)) body: MarkSpamRequest): Promise<BulkResult> {
    const spam = body.spam ?? true;
    const count = await this.comments.markSpam(body.ids, spam);
    return { message: `${spam ? 'Marked' : 'Unmarked'} ${plural(count, 'comment')} as spam.`, count };
  }
}
