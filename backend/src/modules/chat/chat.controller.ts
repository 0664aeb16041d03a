import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ChatRequestSchema, ChatSummaryRequestSchema, type ChatRequest, type ChatResponse, type ChatSummaryRequest } from '@ai-mind/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ChatService } from './chat.service.js';
import { PublicWrite } from '../../common/route-access.js';
import { clientOf } from '../../common/client-hash.js';

/** Chat calls per client IP per minute: a fast typist never meets it, a script does. */
export const CHAT_RATE_LIMIT = { perWindow: 20, windowSeconds: 60 };

@Controller('chat')
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  @PublicWrite()
  @Post()
  @HttpCode(200)
  async send(@Body(new ZodValidationPipe(ChatRequestSchema)) body: ChatRequest, @Req() request: FastifyRequest): Promise<ChatResponse> {
    await this.rateLimiter.consume(`chat:${clientOf(request)}`, CHAT_RATE_LIMIT.perWindow, CHAT_RATE_LIMIT.windowSeconds);
    return this.chat.reply(body);
  }

  @PublicWrite()
  @Post('summary')
  @HttpCode(200)
  async summary(@Body(new ZodValidationPipe(ChatSummaryRequestSchema)) body: ChatSummaryRequest, @Req() request: FastifyRequest): Promise<ChatResponse> {
    await this.rateLimiter.consume(`chat:${clientOf(request)}`, CHAT_RATE_LIMIT.perWindow, CHAT_RATE_LIMIT.windowSeconds);
    return this.chat.summary(body);
  }
}
