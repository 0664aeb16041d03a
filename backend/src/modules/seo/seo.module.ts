import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/index.js';
import { ArticlesModule } from '../articles/index.js';
import { PageViewTokenController } from './page-view-token.controller.js';
import { SeoController } from './seo.controller.js';
import { SeoService } from './seo.service.js';
import { SitemapSnapshotService } from './sitemap-snapshot.service.js';

/** Paths SeoController serves at the root; the API's global prefix leaves them out. */
export const SEO_ROOT_PATHS = ['sitemap.xml', 'sitemaps/:file', 'rss.xml', 'robots.txt'];

@Module({
  // Every page it renders carries the token its page views prove it with.
  imports: [ArticlesModule, AnalyticsModule],
  controllers: [SeoController, PageViewTokenController],
  providers: [SeoService, SitemapSnapshotService],
  exports: [SeoService, SitemapSnapshotService],
})
export class SeoModule {}
