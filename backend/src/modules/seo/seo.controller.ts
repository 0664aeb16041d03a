import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { FEED_CACHE_CONTROL } from '../../common/http-cache.js';
import { prepare, PreparedResponseCache } from '../../common/prepared-response-cache.js';
import { ArticlesCacheService } from '../articles/articles-cache.service.js';
import { cacheKeys, surrogateKeys } from '../../common/surrogate-keys.js';
import { SeoService } from './seo.service.js';
import { Public } from '../auth/route-access.js';

const SITEMAP_FILE = /^([1-9]\d{0,5})\.xml\.gz$/;

/**
 * Served at the site root, outside the /api prefix (see SEO_ROOT_PATHS). Each answer names the
 * configured origin and is made once per change of the articles, then written as a prepared answer
 * (an answer too large for the prepared answers is sent from the article cache, still made once).
 */
@Controller()
export class SeoController {
  constructor(
    private readonly seo: SeoService,
    private readonly cache: ArticlesCacheService,
    private readonly prepared: PreparedResponseCache,
  ) {}

  @Public()
  @Get('sitemap.xml')
  async sitemap(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const isCurrent = this.cache.currentness();
    surrogateKeys(request).add(cacheKeys.sitemap);
    return this.send(request, reply, Buffer.from(await this.seo.sitemapIndexXml()), 'application/xml; charset=utf-8', isCurrent);
  }

  @Public()
  @Get('sitemaps/:file')
  async sitemapFile(@Param('file') file: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const isCurrent = this.cache.currentness();
    const n = SITEMAP_FILE.exec(file)?.[1];
    const body = n ? await this.seo.sitemapFile(Number(n)) : null;
    if (!body) throw new NotFoundException({ error: 'Not Found', message: `No sitemap file '${file}'` });
    surrogateKeys(request).add(cacheKeys.sitemap);
    return this.send(request, reply, body, 'application/gzip', isCurrent);
  }

  @Public()
  @Get('rss.xml')
  async rss(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const isCurrent = this.cache.currentness();
    surrogateKeys(request).add(cacheKeys.rss);
    return this.send(request, reply, Buffer.from(await this.seo.rssXml()), 'application/rss+xml; charset=utf-8', isCurrent);
  }

  @Public()
  @Get('robots.txt')
  robots(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Buffer {
    return this.send(request, reply, Buffer.from(this.seo.robotsTxt()), 'text/plain; charset=utf-8', () => true);
  }

  private send(request: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string, isCurrent: () => boolean): Buffer {
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    this.prepared.put(request, prepare(body, { contentType, cacheControl: FEED_CACHE_CONTROL, etag }), isCurrent);
    void reply.header('content-type', contentType).header('cache-control', FEED_CACHE_CONTROL).header('etag', etag);
    return body;
  }
}
