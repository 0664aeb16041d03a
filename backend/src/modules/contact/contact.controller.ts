import { Body, Controller, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CONTACT_SUCCESS_MESSAGE, ContactRequestSchema, type ContactRequest, type MessageResponse } from '@ai-mind/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ContactService } from './contact.service.js';
import { PublicWrite } from '../../common/route-access.js';
import { clientOf } from '../../common/client-hash.js';

/** Messages per client IP per window: plenty for a person, useless for a spam script. */
export const CONTACT_LIMIT = { perWindow: 5, windowSeconds: 600 };

/** The limit every contact message passes, whichever way it arrives (JSON or the page's form). */
export function consumeContactLimit(rateLimiter: RateLimiterService, client: string): Promise<void> {
  return rateLimiter.consume(`contact:${client}`, CONTACT_LIMIT.perWindow, CONTACT_LIMIT.windowSeconds);
}

@Controller('contact')
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  @PublicWrite()
  @Post()
  async submit(@Body(new ZodValidationPipe(ContactRequestSchema)) body: ContactRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    await consumeContactLimit(this.rateLimiter, clientOf(request));
    await this.contact.submit(body);
    return { message: CONTACT_SUCCESS_MESSAGE };
  }
}
