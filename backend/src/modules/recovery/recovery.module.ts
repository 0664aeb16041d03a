import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { SitemapSnapshotModule } from '../pages/index.js';
import { AdminRecoveryController } from './admin-recovery.controller.js';
import { ArticleRestoreService } from './article-restore.service.js';
import { BackupService } from './backup.service.js';
import { RecoveryService } from './recovery.service.js';

@Module({
  imports: [ArticlesModule, SitemapSnapshotModule],
  controllers: [AdminRecoveryController],
  providers: [RecoveryService, BackupService, ArticleRestoreService],
  // The recovery snapshot (the pages module's) is written by the recovery queue's jobs too.
  exports: [RecoveryService, BackupService, ArticleRestoreService, SitemapSnapshotModule],
})
export class RecoveryModule {}
