import { BadRequestException, Body, Controller, ForbiddenException, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InteractionRequestSchema } from '@ai-mind/contracts';
import { Public } from '../auth/route-access.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { consumeInteractionLimits } from './interactions.controller.js';
import { InteractionsService } from './interactions.service.js';
import { visitorId } from './visitor-id.js';

/** Where the reader goes back to: a path of this site only (never another origin, never //host). */
function backTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/';
}

/**
 * The Like button's form, for a click that comes before the page's scripts (or without them): the
 * same record as POST /api/interactions, then a redirect back to the page. Only the site's own pages
 * may post it (a browser names the page's origin on a form post), so no other site can make its
 * visitors like articles. Once the page is hydrated the button records through the JSON endpoint
 * and the form is never submitted: one click, one like.
 */
@Controller('interactions')
export class InteractionFormController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly rateLimiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('form')
  @HttpCode(303)
  async submit(@Body() form: Record<string, unknown>, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameOrigin = site ? site === 'same-origin' : origin === `${request.protocol}://${request.host}`;
    if (!sameOrigin) throw new ForbiddenException('Forms are accepted from this site only');
    const parsed = InteractionRequestSchema.safeParse({ articleId: Number(form?.articleId), type: form?.type });
    if (!parsed.success || parsed.data.type !== 'like') throw new BadRequestException('A like names its article');
    await consumeInteractionLimits(this.rateLimiter, request.ip, parsed.data);
    await this.interactions.record(parsed.data, request.ip, visitorId(request, reply, this.config.session.cookieSecure));
    void reply.header('location', backTo(form?.back)).header('cache-control', 'no-store');
  }
}
