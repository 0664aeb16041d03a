import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { PageViewRequestSchema, type GeoResponse, type PageViewRequest } from '@ai-mind/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { PageView } from './page-view.entity.js';
import { visitorCountry } from './visitor-country.js';
import { Public, PublicWrite } from '../auth/index.js';
import { clientOf } from '../../common/client-hash.js';

export const PAGE_VIEW_LIMIT = { perWindow: 120, windowSeconds: 60 };

@Controller()
export class AnalyticsController {
  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  /** Where the visitor is, for the consent banner's wording. */
  @Public()
  @Get('geo')
  @Header('cache-control', 'private, no-store')
  geo(@Req() request: FastifyRequest): GeoResponse {
    return { country: visitorCountry(request.headers) };
  }

  /** A consented page view; the site sends it only when analytics consent was given. */
  @PublicWrite()
  @Post('analytics/pageview')
  @HttpCode(202)
  async pageView(@Body(new ZodValidationPipe(PageViewRequestSchema)) body: PageViewRequest, @Req() request: FastifyRequest): Promise<void> {
    await this.rateLimiter.consume(`pageviews:${clientOf(request)}`, PAGE_VIEW_LIMIT.perWindow, PAGE_VIEW_LIMIT.windowSeconds);
    const em = this.em.fork();
    em.create(PageView, { path: body.path, title: body.title ?? null, source: body.source, country: visitorCountry(request.headers) });
    await em.flush();
  }
}
