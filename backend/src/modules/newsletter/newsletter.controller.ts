import { Body, Controller, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { NEWSLETTER_SUCCESS_MESSAGE, NewsletterSignUpSchema, type MessageResponse, type NewsletterSignUp } from '@ai-mind/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { NewsletterService } from './newsletter.service.js';
import { PublicWrite } from '../../common/route-access.js';
import { clientOf } from '../../common/client-hash.js';

export const NEWSLETTER_LIMIT = { perWindow: 10, windowSeconds: 3600 };

/** The limit every subscription passes, whichever way it arrives (JSON or the page's form). */
export function consumeNewsletterLimit(rateLimiter: RateLimiterService, client: string): Promise<void> {
  return rateLimiter.consume(`newsletter:${client}`, NEWSLETTER_LIMIT.perWindow, NEWSLETTER_LIMIT.windowSeconds);
}

@Controller('newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  /**
   * Signs the address up (a confirmation email follows). The same answer for a new, a pending and a
   * confirmed address, so the form does not reveal who subscribed.
   */
  @PublicWrite()
  @Post()
  async subscribe(@Body(new ZodValidationPipe(NewsletterSignUpSchema)) body: NewsletterSignUp, @Req() request: FastifyRequest): Promise<MessageResponse> {
    await consumeNewsletterLimit(this.rateLimiter, clientOf(request));
    await this.newsletter.subscribe(body.email, body.source ?? '/');
    return { message: NEWSLETTER_SUCCESS_MESSAGE };
  }
}
