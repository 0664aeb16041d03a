import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { SitemapSnapshotService } from './sitemap-snapshot.service.js';

/**
 * The recovery snapshot of what the sitemap lists, apart from the pages it belongs with: recovery (in
 * the workers and the ops CLI too) writes and reads it, and needs none of what renders a page.
 */
@Module({
  imports: [ArticlesModule],
  providers: [SitemapSnapshotService],
  exports: [SitemapSnapshotService],
})
export class SitemapSnapshotModule {}
