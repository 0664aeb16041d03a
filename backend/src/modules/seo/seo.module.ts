import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { SeoController } from './seo.controller.js';
import { SeoService } from './seo.service.js';
import { SitemapSnapshotService } from './sitemap-snapshot.service.js';

/** Paths SeoController serves at the root; the API's global prefix leaves them out. */
export const SEO_ROOT_PATHS = ['sitemap.xml', 'sitemaps/:file', 'rss.xml', 'robots.txt'];

@Module({
  imports: [ArticlesModule],
  controllers: [SeoController],
  providers: [SeoService, SitemapSnapshotService],
  exports: [SeoService, SitemapSnapshotService],
})
export class SeoModule {}
