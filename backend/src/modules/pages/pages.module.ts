import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/index.js';
import { ArticlesModule } from '../articles/index.js';
import { PageViewTokenController } from './page-view-token.controller.js';
import { FeedsController } from './feeds.controller.js';
import { PagesService } from './pages.service.js';
import { SitemapSnapshotService } from './sitemap-snapshot.service.js';

/** Paths FeedsController serves at the root; the API's global prefix leaves them out. */
export const FEED_ROOT_PATHS = ['sitemap.xml', 'sitemaps/:file', 'rss.xml', 'robots.txt'];

@Module({
  // Every page it renders carries the token its page views prove it with.
  imports: [ArticlesModule, AnalyticsModule],
  controllers: [FeedsController, PageViewTokenController],
  providers: [PagesService, SitemapSnapshotService],
  exports: [PagesService, SitemapSnapshotService],
})
export class PagesModule {}
