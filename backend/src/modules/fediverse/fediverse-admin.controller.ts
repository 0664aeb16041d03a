import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  CreateFediverseBlockRequestSchema,
  FediverseIdParamsSchema,
  ModerateFediverseReplyRequestSchema,
  type CreateFediverseBlockRequest,
  type FediverseOverview,
  type MessageResponse,
  type ModerateFediverseReplyRequest,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { FediverseAdminService } from './fediverse-admin.service.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseInbox } from './fediverse-inbox.js';

/**
 * The Fediverse tab: followers, deliveries, replies waiting for moderation, blocks. These routes declare
 * no permission, so they are the owner's alone (the access gate's default); every change is audited.
 */
@Controller('admin/fediverse')
export class FediverseAdminController {
  constructor(
    private readonly admin: FediverseAdminService,
    private readonly blocks: FediverseBlocks,
    private readonly inbox: FediverseInbox,
  ) {}

  @Get()
  overview(): Promise<FediverseOverview> {
    return this.admin.overview();
  }

  @Post('blocks')
  @HttpCode(200)
  async block(
    @Body(new ZodValidationPipe(CreateFediverseBlockRequestSchema)) body: CreateFediverseBlockRequest,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    await this.admin.block(body, request.adminSession!.username);
    return { message: body.kind === 'domain' ? `${body.value} is blocked: its followers are dropped and nothing it sends is taken.` : 'The actor is blocked.' };
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
