import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApproveTopicRequestSchema,
  DeclineTopicRequestSchema,
  type ApproveTopicRequest,
  type ApprovedTopic,
  type DeclineTopicRequest,
  type MessageResponse,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { WorkflowService } from './workflow.service.js';

@Controller('admin')
export class WorkflowController {
  constructor(private readonly workflow: WorkflowService) {}

  @Post('approve-topic')
  @HttpCode(200)
  async approve(@Body(new ZodValidationPipe(ApproveTopicRequestSchema)) body: ApproveTopicRequest, @Req() request: FastifyRequest): Promise<MessageResponse & { approvedTopicId: number }> {
    const approved = await this.workflow.approve(body, request.adminSession!.username);
    return { message: `Topic "${approved.topic}" approved; its blog is being written.`, approvedTopicId: approved.id };
  }

  @Post('decline-topic')
  @HttpCode(200)
  async decline(@Body(new ZodValidationPipe(DeclineTopicRequestSchema)) body: DeclineTopicRequest): Promise<MessageResponse> {
    await this.workflow.decline(body);
    return { message: `Topic "${body.topic}" declined.` };
  }

  @Get('approved-topics')
  list(): Promise<ApprovedTopic[]> {
    return this.workflow.list();
  }
}
