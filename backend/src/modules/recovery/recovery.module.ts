import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { MediaModule } from '../media/index.js';
import { PagesModule } from '../pages/index.js';
import { AdminRecoveryController } from './admin-recovery.controller.js';
import { ArticleRestoreService } from './article-restore.service.js';
import { BackupService } from './backup.service.js';
import { RecoveryService } from './recovery.service.js';

@Module({
  imports: [ArticlesModule, MediaModule, PagesModule],
  controllers: [AdminRecoveryController],
  providers: [RecoveryService, BackupService, ArticleRestoreService],
  // The recovery snapshot (PagesModule's) is written by the recovery queue's jobs too.
  exports: [RecoveryService, BackupService, ArticleRestoreService, PagesModule],
})
export class RecoveryModule {}
