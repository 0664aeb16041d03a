import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InteractionRequestSchema, type InteractionRequest, type InteractionResponse } from '@ai-mind/contracts';
import { PublicWrite } from '../../common/route-access.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { InteractionsService } from './interactions.service.js';
import { visitorId } from './visitor-id.js';
import { clientOf } from '../../common/client-hash.js';

/**
 * Each reader's like or share counts once (the visitor id), so the address limits only stop floods:
 * an office, a school or a mobile carrier puts hundreds of readers behind one address, and each of
 * them must be able to like the same article.
 */
export const INTERACTION_LIMITS = {
  perArticle: { like: 200, share: 200, windowSeconds: 3600 },
  perClient: { perWindow: 240, windowSeconds: 60 },
};

/** The client limits (clientKey) every like or share passes, whichever way it arrives (JSON or the page's form). */
export function consumeInteractionLimits(
  rateLimiter: RateLimiterService,
  client: string,
  { type, articleId }: Pick<InteractionRequest, 'type' | 'articleId'>,
): Promise<void> {
  const { perArticle, perClient } = INTERACTION_LIMITS;
  return rateLimiter.consumeAll([
    { key: `interactions:${client}`, limit: perClient.perWindow, windowSeconds: perClient.windowSeconds },
    { key: `interaction:${type}:${articleId}:${client}`, limit: perArticle[type], windowSeconds: perArticle.windowSeconds },
  ]);
}

@Controller('interactions')
export class InteractionsController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly rateLimiter: RateLimiterService,
    @InjectConfig('auth') private readonly config: ConfigSlice<'auth'>,
  ) {}

  @PublicWrite()
  @Post()
  async record(
    @Body(new ZodValidationPipe(InteractionRequestSchema)) body: InteractionRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InteractionResponse> {
    const client = clientOf(request);
    await consumeInteractionLimits(this.rateLimiter, client, body);
    return this.interactions.record(body, client, visitorId(request, reply, this.config.session.cookieSecure));
  }
}
