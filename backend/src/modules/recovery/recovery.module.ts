import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module.js';
import { SeoModule } from '../seo/seo.module.js';
import { ArticleRestoreService } from './article-restore.service.js';
import { BackupService } from './backup.service.js';
import { RecoveryService } from './recovery.service.js';

@Module({
  imports: [ArticlesModule, SeoModule],
  providers: [RecoveryService, BackupService, ArticleRestoreService],
  exports: [RecoveryService, BackupService, ArticleRestoreService],
})
export class RecoveryModule {}
