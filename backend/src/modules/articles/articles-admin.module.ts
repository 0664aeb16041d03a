import { Module } from '@nestjs/common';
import { AiCommentaryModule } from '../ai/ai-commentary.module.js';
import { AdminModule } from '../admin/admin.module.js';
import { ProvenanceModule } from '../provenance/provenance.module.js';
import { RecoveryModule } from '../recovery/recovery.module.js';
import { SeoModule } from '../seo/seo.module.js';
import { TrendingModule } from '../trending/trending.module.js';
import { AdminArticlesController } from './admin-articles.controller.js';
import { ArticlesModule } from './articles.module.js';

/**
 * The editors' article calls (publish, edit, delete, Refresh Data). Apart from ArticlesModule because
 * they also reach the modules that import ArticlesModule (SEO, AI commentary, backups).
 */
@Module({
  imports: [ArticlesModule, AiCommentaryModule, AdminModule, ProvenanceModule, RecoveryModule, SeoModule, TrendingModule],
  controllers: [AdminArticlesController],
})
export class ArticlesAdminModule {}
