import { Module } from '@nestjs/common';
import { AiCommentaryModule } from '../ai-jobs/index.js';
import { AdminModule } from '../admin/index.js';
import { ArticlesModule } from '../articles/index.js';
import { CommentsModule } from '../comments/index.js';
import { ErrorReportsModule } from '../error-reports/index.js';
import { ProvenanceModule } from '../provenance/index.js';
import { RecoveryModule } from '../recovery/index.js';
import { PagesModule } from '../pages/index.js';
import { TrendingModule } from '../trending/index.js';
import { AdminArticlesController } from './admin-articles.controller.js';
import { ArticleCorrectionsController } from './article-corrections.controller.js';
import { ArticleReviewController, AssigneesController } from './article-review.controller.js';
import { ArticlesAdminService } from './articles-admin.service.js';

/**
 * The editors' article calls that span modules: publish (with the claims' verdict, the AI commentary
 * and the SEO page), edit, delete, corrections, Refresh Data, the review stage and its schedule. Above
 * ArticlesModule and the modules that import it (SEO, AI commentary, backups, trending), so every
 * dependency points down: the article module never imports this one.
 */
@Module({
  imports: [ArticlesModule, AiCommentaryModule, AdminModule, CommentsModule, ErrorReportsModule, ProvenanceModule, RecoveryModule, PagesModule, TrendingModule],
  controllers: [AdminArticlesController, ArticleReviewController, AssigneesController, ArticleCorrectionsController],
  providers: [ArticlesAdminService],
})
export class EditorialDeskModule {}
