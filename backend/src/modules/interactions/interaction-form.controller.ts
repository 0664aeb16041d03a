import { BadRequestException, Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InteractionRequestSchema } from '@ai-mind/contracts';
import { PublicWrite } from '../auth/route-access.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { consumeInteractionLimits } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';
import { visitorId } from './visitor-id.js';
import { clientOf } from '../../common/client-hash.js';

/** Where the reader goes back to: a path of this site only (never another origin, never //host). */
function backTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/';
}

/**
 * The Like button's form, for a click that comes before the page's scripts (or without them): the
 * same record as POST /api/interactions, then a redirect back to the page. A public write: only the
 * site's own pages may post it, so no other site can make its visitors like articles. Once the page
 * is hydrated the button records through the JSON endpoint and the form is never submitted: one
 * click, one like.
 */
@Controller('interactions')
export class InteractionFormController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly rateLimiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @PublicWrite()
  @Post('form')
  @HttpCode(303)
  async submit(@Body() form: Record<string, unknown>, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const parsed = InteractionRequestSchema.safeParse({ articleId: Number(form?.articleId), type: form?.type });
    if (!parsed.success || parsed.data.type !== 'like') throw new BadRequestException('A like names its article');
    const client = clientOf(request);
    await consumeInteractionLimits(this.rateLimiter, client, parsed.data);
    await this.interactions.record(parsed.data, client, visitorId(request, reply, this.config.session.cookieSecure));
    void reply.header('location', backTo(form?.back)).header('cache-control', 'no-store');
  }
}
