import { Controller, Get, Header, NotFoundException, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PageViewTokenQuerySchema, type PageViewToken, type PageViewTokenQuery } from '@ai-mind/contracts';
import { clientOf } from '../../common/client-hash.js';
import { RateLimiterService } from '../../common/rate-limiter.service.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../../common/route-access.js';
import { PagesService } from './pages.service.js';

/** As many as the page views they are asked for (PAGE_VIEW_LIMIT): a path that is no page costs a render. */
export const PAGE_VIEW_TOKEN_LIMIT = { perWindow: 120, windowSeconds: 60 };

/**
 * The token of a page the site opened in the browser without loading it from the server (a link
 * followed inside the site): the one the server's own page for that path carries, so only a path the
 * server answers with a page (status 200) has one.
 */
@Controller()
export class PageViewTokenController {
  constructor(
    private readonly pages: PagesService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  @Public()
  @Get('analytics/pageview-token')
  @Header('cache-control', 'private, no-store')
  async token(@Query(new ZodValidationPipe(PageViewTokenQuerySchema)) query: PageViewTokenQuery, @Req() request: FastifyRequest): Promise<PageViewToken> {
    await this.rateLimiter.consume(`pageview-tokens:${clientOf(request)}`, PAGE_VIEW_TOKEN_LIMIT.perWindow, PAGE_VIEW_TOKEN_LIMIT.windowSeconds);
    const page = await this.pages.renderPage(query.path, new URLSearchParams());
    if (!page?.viewToken) throw new NotFoundException({ error: 'Not Found', message: 'No public page at this path' });
    return { token: page.viewToken };
  }
}
