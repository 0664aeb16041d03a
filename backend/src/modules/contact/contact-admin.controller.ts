import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AdminContactListQuerySchema,
  IdsRequestSchema,
  MarkHandledRequestSchema,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type AdminContactListQuery,
  type AdminContactSubmission,
  type BulkResult,
  type IdsRequest,
  type MarkHandledRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ContactService } from './contact.service.js';
import { RequirePermission } from '../auth/index.js';

const messages = (count: number) => `${count} message${count === 1 ? '' : 's'}`;

@Controller('admin/contact-submissions')
export class ContactAdminController {
  constructor(private readonly contact: ContactService) {}

  /** Newest first, one page at a time: a plain array, the next cursor and the count in headers. */
  @RequirePermission('contact.read')
  @Get()
  async list(
    @Query(new ZodValidationPipe(AdminContactListQuerySchema)) query: AdminContactListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminContactSubmission[]> {
    const page = await this.contact.page(query);
    void reply.header(TOTAL_COUNT_HEADER, page.total);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }

  @RequirePermission('contact.read')
  @Post('handled')
  @HttpCode(200)
  async handled(@Body(new ZodValidationPipe(MarkHandledRequestSchema)) body: MarkHandledRequest): Promise<BulkResult> {
    const handled = body.handled ?? true;
    const count = await this.contact.markHandled(body.ids, handled);
    return { message: `Marked ${messages(count)} as ${handled ? 'handled' : 'not handled'}.`, count };
  }

  @RequirePermission('contact.read')
  @Post('delete')
  @HttpCode(200)
  async delete(@Body(new ZodValidationPipe(IdsRequestSchema)) body: IdsRequest): Promise<BulkResult> {
    const count = await this.contact.delete(body.ids);
    return { message: `Deleted ${messages(count)}.`, count };
  }
}
