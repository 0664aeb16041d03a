import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PushFollowRequestSchema, PUSH_SERVICE_WORKER_PATH, type PushFollowRequest } from '@ai-mind/contracts';
import { Cacheable } from '../../common/cacheable.js';
import { clientOf } from '../../common/client-hash.js';
import { FEED_CACHE_CONTROL, renderedBytes, type RenderedAnswer } from '../../common/http-cache.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { Public, PublicWrite } from '../../common/route-access.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { FollowsService } from './follows.service.js';
import { PUSH_SERVICE_WORKER } from './push-service-worker.js';
import { VapidKeyStore } from './vapid-keys.js';

/** Follows a client may ask for in this window (email forms and push subscriptions together). */
export const FOLLOW_LIMIT = { perWindow: 20, windowSeconds: 3600 };

export function consumeFollowLimit(rateLimiter: RateLimiterService, client: string): Promise<void> {
  return rateLimiter.consume(`follow:${client}`, FOLLOW_LIMIT.perWindow, FOLLOW_LIMIT.windowSeconds);
}

/** Web Push for the page's script: the site's public VAPID key, and following on this device. */
@Controller('follows')
export class FollowsController {
  constructor(
    private readonly follows: FollowsService,
    private readonly keys: VapidKeyStore,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  /** The application server key a browser subscribes with; the same while the keys are. */
  @Public()
  @Get('push/key')
  async publicKey(): Promise<{ publicKey: string }> {
    return { publicKey: (await this.keys.get()).publicKey };
  }

  /**
   * Keeps the browser's subscription and follows the target on it: called by the page's button once
   * the reader allowed notifications (the request itself carries their consent: `consent: true`).
   */
  @PublicWrite()
  @Post('push')
  @HttpCode(201)
  async followByPush(
    @Body(new ZodValidationPipe(PushFollowRequestSchema)) body: PushFollowRequest,
    @Req() request: FastifyRequest,
  ): Promise<{ message: string; unsubscribeUrl: string }> {
    await consumeFollowLimit(this.rateLimiter, clientOf(request));
    const source = new URL(request.headers.referer ?? '/', 'http://this.site').pathname;
    const { unsubscribeUrl } = await this.follows.followByPush(body, source);
    return { message: 'Notifications are on for this device.', unsubscribeUrl };
  }
}

/** The push service worker at the site's root (outside the /api prefix, see FEED_ROOT_PATHS), so its scope is the whole site. */
@Controller()
export class PushServiceWorkerController {
  @Public()
  @Get(PUSH_SERVICE_WORKER_PATH.slice(1))
  @Cacheable({ cacheControl: FEED_CACHE_CONTROL, prepared: true })
  serviceWorker(): RenderedAnswer {
    return renderedBytes(Buffer.from(PUSH_SERVICE_WORKER), 'text/javascript; charset=utf-8');
  }
}
