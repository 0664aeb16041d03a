import { Body, Controller, Get, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { PageViewRequestSchema, trafficSourceBucket, type GeoResponse, type PageViewRequest } from '@ai-mind/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ValidationFailedException, ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { PageView } from './page-view.entity.js';
import { PageViewTokens } from './page-view-tokens.service.js';
import { visitorCountry } from './visitor-country.js';
import { Public, PublicWrite } from '../../common/route-access.js';
import { clientOf } from '../../common/client-hash.js';

export const PAGE_VIEW_LIMIT = { perWindow: 120, windowSeconds: 60 };

@Controller()
export class AnalyticsController {
  constructor(
    private readonly em: EntityManager,
    private readonly rateLimiter: RateLimiterService,
    private readonly tokens: PageViewTokens,
    @InjectConfig('server') private readonly config: ConfigSlice<'server'>,
  ) {}

  /** Where the visitor is, for the consent banner's wording. */
  @Public()
  @Get('geo')
  @Header('cache-control', 'private, no-store')
  geo(@Req() request: FastifyRequest): GeoResponse {
    return { country: visitorCountry(request.headers, this.config.trustedCountryHeader) };
  }

  /**
   * A consented page view; the site sends it only when analytics consent was given, with the token of
   * the page the server served for its path. The source is stored as its bucket, never as sent.
   * The insert's statement also adds the view to the daily rollups (the page_view_rollup trigger,
   * page-view-rollup.sql.ts).
   */
  @PublicWrite()
  @Post('analytics/pageview')
  @HttpCode(202)
  async pageView(@Body(new ZodValidationPipe(PageViewRequestSchema)) body: PageViewRequest, @Req() request: FastifyRequest): Promise<void> {
    await this.rateLimiter.consume(`pageviews:${clientOf(request)}`, PAGE_VIEW_LIMIT.perWindow, PAGE_VIEW_LIMIT.windowSeconds);
    if (!(await this.tokens.valid(body.token, body.path))) {
      throw new ValidationFailedException([{ path: 'token', message: 'must be the token of the page viewed, issued in the last hours' }]);
    }
    const em = this.em.fork();
    em.create(PageView, {
      path: body.path,
      title: body.title ?? null,
      source: trafficSourceBucket(body.source),
      country: visitorCountry(request.headers, this.config.trustedCountryHeader),
    });
    await em.flush();
  }
}
