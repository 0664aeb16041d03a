import {
  BadGatewayException,
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  CreateFediverseBlockRequestSchema,
  FediverseIdParamsSchema,
  FediverseSettingsSchema,
  FollowFediverseAccountRequestSchema,
  ModerateFediverseReplyRequestSchema,
  ReplyToFediversePostRequestSchema,
  type AdminFediverseSettings,
  type CreateFediverseBlockRequest,
  type FediverseOverview,
  type FediverseReader,
  type FediverseSettings,
  type MessageResponse,
  type ModerateFediverseReplyRequest,
  type ReplyToFediversePostRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { FediverseAdminService } from './fediverse-admin.service.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseInbox } from './fediverse-inbox.js';
import { FollowedAccounts, FollowRefused } from './followed-accounts.js';
import { SITE_REPLIES_PER_POST, SiteReplies } from './site-replies.js';

/** How each refused follow is answered: the handle's field for what the owner typed, 502 for a server that would not take it. */
function followRefusal(error: FollowRefused): Error {
  const body = { error: '', message: error.message, details: [{ path: 'handle', message: error.message }] };
  switch (error.reason) {
    case 'already':
      return new ConflictException({ ...body, error: 'Conflict' });
    case 'blocked':
      return new ForbiddenException({ ...body, error: 'Forbidden' });
    case 'unreachable':
      return new BadGatewayException({ error: 'Bad Gateway', message: error.message });
    default:
      return new BadRequestException({ ...body, error: 'Bad Request' });
  }
}

/**
 * The Fediverse tab: followers, deliveries, replies waiting for moderation, blocks, and the accounts
 * the site follows. The routes that declare no permission are the owner's alone (the access gate's
 * default); reading the posts received from followed accounts and replying to them as the site is a
 * publisher's (`articles.publish`: a reply speaks for the site in public, as publishing does). Every
 * change is audited.
 */
@Controller('admin/fediverse')
export class FediverseAdminController {
  constructor(
    private readonly admin: FediverseAdminService,
    private readonly blocks: FediverseBlocks,
    private readonly inbox: FediverseInbox,
    private readonly followed: FollowedAccounts,
    private readonly replies: SiteReplies,
  ) {}

  @Get()
  overview(): Promise<FediverseOverview> {
    return this.admin.overview();
  }

  @Get('settings')
  settings(): Promise<AdminFediverseSettings> {
    return this.admin.settings();
  }

  @Put('settings')
  @HttpCode(200)
  saveSettings(@Body(new ZodValidationPipe(FediverseSettingsSchema)) body: FediverseSettings, @Req() request: FastifyRequest): Promise<AdminFediverseSettings> {
    return this.admin.saveSettings(body, request.adminSession!.username);
  }

  @Get('reader')
  @RequirePermission('articles.publish')
  reader(): Promise<FediverseReader> {
    return this.admin.reader();
  }

  @Post('following')
  @HttpCode(200)
  async follow(
    @Body(new ZodValidationPipe(FollowFediverseAccountRequestSchema)) body: { handle: string },
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    try {
      const following = await this.followed.follow(body.handle, request.adminSession!.username);
      return {
        message:
          following.status === 'accepted' ? `The site follows ${following.handle}.` : `Follow sent to ${following.handle}: waiting for its server to accept.`,
      };
    } catch (error) {
      throw error instanceof FollowRefused ? followRefusal(error) : error;
    }
  }

  @Post('following/:id/remove')
  @HttpCode(200)
  async unfollow(@Param(new ZodValidationPipe(FediverseIdParamsSchema)) params: { id: number }): Promise<MessageResponse> {
    if (!(await this.followed.unfollow(params.id))) throw new NotFoundException({ error: 'Not Found', message: 'The site does not follow that account' });
    return { message: 'Unfollowed: its posts are no longer kept here.' };
  }

  @Post('posts/:id/replies')
  @HttpCode(200)
  @RequirePermission('articles.publish')
  async reply(
    @Param(new ZodValidationPipe(FediverseIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(ReplyToFediversePostRequestSchema)) body: ReplyToFediversePostRequest,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    const made = await this.replies.reply(params.id, body.content, request.adminSession!.username);
    if (made === null) throw new NotFoundException({ error: 'Not Found', message: 'No such received post' });
    if (made === 'full')
      throw new ConflictException({ error: 'Conflict', message: `The site has sent ${SITE_REPLIES_PER_POST} replies to that post, the most it may` });
    return { message: 'Reply queued: the worker sends it to the author.' };
  }

  @Post('sent-replies/:id/remove')
  @HttpCode(200)
  @RequirePermission('articles.publish')
  async deleteReply(@Param(new ZodValidationPipe(FediverseIdParamsSchema)) params: { id: number }, @Req() request: FastifyRequest): Promise<MessageResponse> {
    if (!(await this.replies.remove(params.id, request.adminSession!.username)))
      throw new NotFoundException({ error: 'Not Found', message: 'No such reply, or it is deleted already' });
    return { message: 'Reply deleted: the worker sends its Delete to the author.' };
  }

  @Post('blocks')
  @HttpCode(200)
  async block(
    @Body(new ZodValidationPipe(CreateFediverseBlockRequestSchema)) body: CreateFediverseBlockRequest,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    await this.admin.block(body, request.adminSession!.username);
    return {
      message:
        body.kind === 'domain'
          ? `${body.value} is blocked: its followers are dropped, the site stops following its accounts, and nothing it sends is taken.`
          : 'The actor is blocked: the site stops following it.',
    };
  }

  @Post('blocks/:id/remove')
  @HttpCode(200)
  async unblock(@Param(new ZodValidationPipe(FediverseIdParamsSchema)) params: { id: number }): Promise<MessageResponse> {
    if (!(await this.blocks.remove(params.id))) throw new NotFoundException({ error: 'Not Found', message: 'No such block' });
    return { message: 'Unblocked.' };
  }

  @Post('replies/:id')
  @HttpCode(200)
  async moderate(
    @Param(new ZodValidationPipe(FediverseIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(ModerateFediverseReplyRequestSchema)) body: ModerateFediverseReplyRequest,
  ): Promise<MessageResponse> {
    const outcome = await this.inbox.moderate(params.id, body.status);
    if (outcome === null) throw new NotFoundException({ error: 'Not Found', message: 'No reply waiting for moderation with that id' });
    return {
      message: outcome === 'published' ? 'Published as a comment.' : body.status === 'published' ? 'Not published: the comment rules refused it.' : 'Rejected.',
    };
  }
}
