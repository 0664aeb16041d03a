import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { SeoModule } from '../seo/index.js';
import { AdminRecoveryController } from './admin-recovery.controller.js';
import { ArticleRestoreService } from './article-restore.service.js';
import { BackupService } from './backup.service.js';
import { RecoveryService } from './recovery.service.js';

@Module({
  imports: [ArticlesModule, SeoModule],
  controllers: [AdminRecoveryController],
  providers: [RecoveryService, BackupService, ArticleRestoreService],
  // The recovery snapshot (SeoModule's) is written by the recovery queue's jobs too.
  exports: [RecoveryService, BackupService, ArticleRestoreService, SeoModule],
})
export class RecoveryModule {}
