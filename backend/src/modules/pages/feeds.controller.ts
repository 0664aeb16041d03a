import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { Cacheable } from '../../common/cacheable.js';
import { FEED_CACHE_CONTROL, renderedBytes, type RenderedAnswer } from '../../common/http-cache.js';
import { ArticlesCacheService } from '../articles/index.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { PagesService } from './pages.service.js';
import { Public } from '../../common/route-access.js';

const SITEMAP_FILE = /^([1-9]\d{0,5})\.xml\.gz$/;

/** What the sitemap and the feed show: the published articles, as the article cache holds them. */
const WHILE_THE_ARTICLES_HOLD = { currentness: ArticlesCacheService };

/**
 * Served at the site root, outside the /api prefix (see FEED_ROOT_PATHS). Each answer names the
 * configured origin and is made once per change of the articles, then written as a prepared answer
 * (an answer too large for the prepared answers is sent from the article cache, still made once).
 */
@Controller()
export class FeedsController {
  constructor(private readonly pages: PagesService) {}

  @Public()
  @Get('sitemap.xml')
  @Cacheable({ cacheControl: FEED_CACHE_CONTROL, keys: () => [cacheKeys.sitemap], prepared: WHILE_THE_ARTICLES_HOLD })
  async sitemap(): Promise<RenderedAnswer> {
    return renderedBytes(Buffer.from(await this.pages.sitemapIndexXml()), 'application/xml; charset=utf-8');
  }

  @Public()
  @Get('sitemaps/:file')
  @Cacheable({ cacheControl: FEED_CACHE_CONTROL, keys: () => [cacheKeys.sitemap], prepared: WHILE_THE_ARTICLES_HOLD })
  async sitemapFile(@Param('file') file: string): Promise<RenderedAnswer> {
    const n = SITEMAP_FILE.exec(file)?.[1];
    const body = n ? await this.pages.sitemapFile(Number(n)) : null;
    if (!body) throw new NotFoundException({ error: 'Not Found', message: `No sitemap file '${file}'` });
    return renderedBytes(body, 'application/gzip');
  }

  @Public()
  @Get('rss.xml')
  @Cacheable({ cacheControl: FEED_CACHE_CONTROL, keys: () => [cacheKeys.rss], prepared: WHILE_THE_ARTICLES_HOLD })
  async rss(): Promise<RenderedAnswer> {
    return renderedBytes(Buffer.from(await this.pages.rssXml()), 'application/rss+xml; charset=utf-8');
  }

  /** Made from the configuration alone: its prepared answer holds while the process runs. */
  @Public()
  @Get('robots.txt')
  @Cacheable({ cacheControl: FEED_CACHE_CONTROL, prepared: true })
  robots(): RenderedAnswer {
    return renderedBytes(Buffer.from(this.pages.robotsTxt()), 'text/plain; charset=utf-8');
  }
}
