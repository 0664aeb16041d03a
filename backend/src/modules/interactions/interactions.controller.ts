import { Body, Controller, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { InteractionRequestSchema, type InteractionRequest, type InteractionResponse } from '@ai-mind/contracts';
import { Public } from '../auth/route-access.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { InteractionsService } from './interactions.service.js';

/**
 * A person likes an article once and shares it a few times; a script trying to inflate counts hits
 * these limits (per client, per article and type; and per client overall).
 */
export const INTERACTION_LIMITS = {
  perArticle: { like: 2, share: 5, windowSeconds: 24 * 3600 },
  perClient: { perWindow: 60, windowSeconds: 60 },
};

@Controller('interactions')
export class InteractionsController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  @Public()
  @Post()
  async record(@Body(new ZodValidationPipe(InteractionRequestSchema)) body: InteractionRequest, @Req() request: FastifyRequest): Promise<InteractionResponse> {
    const { perArticle, perClient } = INTERACTION_LIMITS;
    await this.rateLimiter.consumeAll([
      { key: `interactions:${request.ip}`, limit: perClient.perWindow, windowSeconds: perClient.windowSeconds },
      { key: `interaction:${body.type}:${body.articleId}:${request.ip}`, limit: perArticle[body.type], windowSeconds: perArticle.windowSeconds },
    ]);
    return this.interactions.record(body, request.ip);
  }
}
