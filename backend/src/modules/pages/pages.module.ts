import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/index.js';
import { ArticlesModule } from '../articles/index.js';
import { CommentsModule } from '../comments/index.js';
import { PageViewTokenController } from './page-view-token.controller.js';
import { FeedsController } from './feeds.controller.js';
import { PagesService } from './pages.service.js';
import { PublicPageReadsService } from './public-page-reads.js';
import { SitemapSnapshotService } from './sitemap-snapshot.service.js';

/** Paths FeedsController serves at the root; the API's global prefix leaves them out. */
export const FEED_ROOT_PATHS = ['sitemap.xml', 'sitemaps/:file', 'rss.xml', 'robots.txt'];

@Module({
  // Pages read what the public endpoints read (articles, comments); each carries the token its page
  // views prove it with (analytics).
  imports: [ArticlesModule, CommentsModule, AnalyticsModule],
  controllers: [FeedsController, PageViewTokenController],
  providers: [PagesService, PublicPageReadsService, SitemapSnapshotService],
  exports: [PagesService, SitemapSnapshotService],
})
export class PagesModule {}
