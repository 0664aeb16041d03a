import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApproveTopicRequestSchema,
  DeclineTopicRequestSchema,
  TOTAL_COUNT_HEADER,
  type ApproveTopicRequest,
  type ApprovedTopic,
  type DeclineTopicRequest,
  type MessageResponse,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { WorkflowService } from './workflow.service.js';
import { RequirePermission } from '../auth/index.js';

@Controller('admin')
export class WorkflowController {
  constructor(private readonly workflow: WorkflowService) {}

  @RequirePermission('trending.manage')
  @Post('approve-topic')
  @HttpCode(200)
  async approve(
    @Body(new ZodValidationPipe(ApproveTopicRequestSchema)) body: ApproveTopicRequest,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse & { approvedTopicId: number }> {
    const approved = await this.workflow.approve(body, request.adminSession!.username);
    return { message: `Topic "${approved.topic}" approved; its blog is being written.`, approvedTopicId: approved.id };
  }

  @RequirePermission('trending.manage')
  @Post('decline-topic')
  @HttpCode(200)
  async decline(@Body(new ZodValidationPipe(DeclineTopicRequestSchema)) body: DeclineTopicRequest): Promise<MessageResponse> {
    await this.workflow.decline(body);
    return { message: `Topic "${body.topic}" declined.` };
  }

  /** The newest APPROVED_TOPIC_LIST_LIMIT; how many there are in all travels in X-Total-Count. */
  @RequirePermission('trending.manage')
  @Get('approved-topics')
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<ApprovedTopic[]> {
    const { topics, total } = await this.workflow.list();
    void reply.header(TOTAL_COUNT_HEADER, total);
    return topics;
  }
}
