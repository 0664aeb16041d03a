import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/index.js';
import { ArticlesModule } from '../articles/index.js';
import { CommentsModule } from '../comments/index.js';
import { NewsroomModule } from '../newsroom/index.js';
import { StoriesModule } from '../stories/index.js';
import { PageViewTokenController } from './page-view-token.controller.js';
import { FeedsController } from './feeds.controller.js';
import { PagesService } from './pages.service.js';
import { PublicPageReadsService } from './public-page-reads.js';
import { SitemapSnapshotModule } from './sitemap-snapshot.module.js';

/** Paths FeedsController serves at the root; the API's global prefix leaves them out. */
export const FEED_ROOT_PATHS = ['sitemap.xml', 'sitemaps/:file', 'rss.xml', 'robots.txt', 'trust.txt', 'push-sw.js'];

@Module({
  // Pages read what the public endpoints read (articles, comments); each carries the token its page
  // views prove it with (analytics).
  imports: [ArticlesModule, CommentsModule, AnalyticsModule, SitemapSnapshotModule, NewsroomModule, StoriesModule],
  controllers: [FeedsController, PageViewTokenController],
  providers: [PagesService, PublicPageReadsService],
  exports: [PagesService, SitemapSnapshotModule],
})
export class PagesModule {}
