import { Controller, Get, Header, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { FEED_CACHE_CONTROL } from '../../common/http-cache.js';
import { SeoService } from './seo.service.js';
import { Public } from '../auth/route-access.js';

/** The site's origin as the reader reached it (behind a proxy, from its forwarded headers in production). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Served at the site root, outside the /api prefix (see SEO_ROOT_PATHS). */
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Public()
  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', FEED_CACHE_CONTROL)
  sitemap(@Req() request: FastifyRequest): Promise<string> {
    return this.seo.sitemapXml(requestOrigin(request));
  }

  @Public()
  @Get('rss.xml')
  @Header('content-type', 'application/rss+xml; charset=utf-8')
  @Header('cache-control', FEED_CACHE_CONTROL)
  rss(@Req() request: FastifyRequest): Promise<string> {
    return this.seo.rssXml(requestOrigin(request));
  }

  @Public()
  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', FEED_CACHE_CONTROL)
  robots(@Req() request: FastifyRequest): string {
    return this.seo.robotsTxt(requestOrigin(request));
  }
}
