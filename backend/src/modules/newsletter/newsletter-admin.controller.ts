import { Body, ConflictException, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminNewsletterDigestListQuerySchema,
  AdminNewsletterSubscriberListQuerySchema,
  NEXT_CURSOR_HEADER,
  NewsletterAddressSchema,
  NewsletterScheduleSchema,
  NewsletterSubscriberIdParamsSchema,
  TOTAL_COUNT_HEADER,
  type AdminNewsletterDigest,
  type AdminNewsletterDigestListQuery,
  type AdminNewsletterSubscriber,
  type AdminNewsletterSubscriberListQuery,
  type MessageResponse,
  type NewsletterAddress,
  type NewsletterCounts,
  type NewsletterFailedDelivery,
  type NewsletterPreview,
  type NewsletterSchedule,
  type NewsletterSettings,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { nextSlot } from './digest-schedule.js';
import { DigestService } from './digest.service.js';
import { NewsletterAdminService } from './newsletter-admin.service.js';
import { NewsletterService } from './newsletter.service.js';

const editorOf = (request: FastifyRequest) => request.adminSession!.username;

/** The Newsletter tab: subscribers, the digests and their schedule, preview and test. */
@Controller('admin/newsletter')
export class NewsletterAdminController {
  constructor(
    private readonly admin: NewsletterAdminService,
    private readonly newsletter: NewsletterService,
    private readonly digests: DigestService,
  ) {}

  /** Newest first, one page at a time: a plain array, the next cursor and the count in headers. */
  @RequirePermission('newsletter.manage')
  @Get('subscribers')
  async subscribers(
    @Query(new ZodValidationPipe(AdminNewsletterSubscriberListQuerySchema)) query: AdminNewsletterSubscriberListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminNewsletterSubscriber[]> {
    const page = await this.admin.subscribers(query);
    void reply.header(TOTAL_COUNT_HEADER, page.total);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }

  @RequirePermission('newsletter.manage')
  @Get('subscribers/counts')
  counts(): Promise<NewsletterCounts> {
    return this.admin.counts();
  }

  /** Every subscriber the search and status match, with the consent record, as a CSV download. */
  @RequirePermission('newsletter.manage')
  @Get('subscribers.csv')
  async csv(
    @Query(new ZodValidationPipe(AdminNewsletterSubscriberListQuerySchema)) query: AdminNewsletterSubscriberListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store');
    return this.admin.csv(query);
  }

  /** Signs an address up for a reader (who still confirms it by email). */
  @RequirePermission('newsletter.manage')
  @Post('subscribers')
  async add(@Body(new ZodValidationPipe(NewsletterAddressSchema)) body: NewsletterAddress, @Req() request: FastifyRequest): Promise<MessageResponse> {
    await this.newsletter.subscribeByEditor(body.email, editorOf(request));
    return {
      message: `A confirmation email is on its way to ${body.email.trim().toLowerCase()}, unless one was sent a moment ago or the address is already confirmed.`,
    };
  }

  @RequirePermission('newsletter.manage')
  @Post('subscribers/:id/unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Param(new ZodValidationPipe(NewsletterSubscriberIdParamsSchema)) params: { id: number }): Promise<MessageResponse> {
    await this.newsletter.unsubscribeByEditor(params.id);
    return { message: 'Unsubscribed.' };
  }

  @RequirePermission('newsletter.manage')
  @Get('digests')
  async digestList(
    @Query(new ZodValidationPipe(AdminNewsletterDigestListQuerySchema)) query: AdminNewsletterDigestListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminNewsletterDigest[]> {
    const page = await this.admin.digests(query);
    void reply.header(TOTAL_COUNT_HEADER, page.total);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }

  @RequirePermission('newsletter.manage')
  @Get('digests/:id/failures')
  failures(@Param(new ZodValidationPipe(NewsletterSubscriberIdParamsSchema)) params: { id: number }): Promise<NewsletterFailedDelivery[]> {
    return this.admin.failures(params.id);
  }

  /** Sends the next digest now (what the preview shows); 409 when nothing was published since the last one. */
  @RequirePermission('newsletter.manage')
  @Post('digests')
  async sendNow(@Req() request: FastifyRequest): Promise<MessageResponse & { digestId: number }> {
    const created = await this.digests.create({ kind: 'manual', editor: editorOf(request) });
    if (!created) throw new ConflictException({ error: 'Conflict', message: 'Nothing has been published since the last digest.' });
    return {
      message: `Digest ${created.digestId} with ${created.articleCount} article${created.articleCount === 1 ? '' : 's'} is being sent.`,
      digestId: created.digestId,
    };
  }

  @RequirePermission('newsletter.manage')
  @Get('settings')
  async settings(): Promise<NewsletterSettings> {
    const { cadence, weekday, sendTime } = await this.digests.settings();
    return { cadence, weekday, sendTime, nextSendAt: nextSlot({ cadence, weekday, sendTime }, new Date())?.toISOString() ?? null };
  }

  @RequirePermission('newsletter.manage')
  @Put('settings')
  async saveSettings(
    @Body(new ZodValidationPipe(NewsletterScheduleSchema)) body: NewsletterSchedule,
    @Req() request: FastifyRequest,
  ): Promise<NewsletterSettings> {
    await this.digests.saveSchedule(body, editorOf(request));
    return this.settings();
  }

  @RequirePermission('newsletter.manage')
  @Get('preview')
  preview(): Promise<NewsletterPreview> {
    return this.digests.preview();
  }

  /** The preview sent to the signed-in account's own address; the request names none. */
  @RequirePermission('newsletter.manage')
  @Post('test')
  @HttpCode(200)
  async test(@Req() request: FastifyRequest): Promise<MessageResponse> {
    const email = await this.digests.sendTest(request.adminSession!.userId);
    return { message: `Test sent to ${email}.` };
  }
}
