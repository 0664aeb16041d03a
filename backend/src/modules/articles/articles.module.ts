import { Module } from '@nestjs/common';
import { PreparedResponsesModule } from '../../common/prepared-response-cache.js';
import { AdminArticleListService } from './admin-article-list.service.js';
import { ArticleCountersReader, ArticleCountersSnapshot } from './article-counters.reader.js';
import { ArticleCorrectionsController } from './article-corrections.controller.js';
import { ArticleProvenanceService } from './article-provenance.service.js';
import { ArticleHistoryController } from './article-history.controller.js';
import { ArticlePublicationsReader } from './article-publications.reader.js';
import { CorrectionsController } from './corrections.controller.js';
import { PassagesService } from './article-passages.service.js';
import { SearchService } from './article-search.service.js';
import { ArticleRecoveryStore } from './article-recovery.store.js';
import { ArticleReviewStore } from './article-review.store.js';
import { ArticleStore } from './article.store.js';
import { ArticleWriter } from './article-writer.js';
import { ArticlesAdminService } from './articles-admin.service.js';
import { ArticlesCacheService } from './articles-cache.service.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';

@Module({
  imports: [PreparedResponsesModule],
  controllers: [ArticlesController, ArticleHistoryController, ArticleCorrectionsController, CorrectionsController],
  providers: [
    ArticleWriter,
    ArticleProvenanceService,
    ArticleStore,
    ArticleRecoveryStore,
    ArticleReviewStore,
    SearchService,
    ArticlesService,
    ArticlesCacheService,
    ArticlesAdminService,
    ArticleCountersReader,
    ArticleCountersSnapshot,
    PassagesService,
    AdminArticleListService,
    ArticlePublicationsReader,
  ],
  exports: [AdminArticleListService, ArticleProvenanceService, ArticleCountersSnapshot, ArticlePublicationsReader, ArticleStore, ArticleRecoveryStore, ArticleReviewStore, SearchService, ArticlesService, ArticlesCacheService, ArticlesAdminService, PassagesService],
})
export class ArticlesModule {}
