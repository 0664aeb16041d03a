import { Module } from '@nestjs/common';
import { PreparedResponsesModule } from '../../common/prepared-response-cache.js';
import { AdminArticleListService } from './admin-article-list.service.js';
import { ArticleCommands } from './article-commands.js';
import { ArticleCountersReader, ArticleCountersSnapshot } from './article-counters.reader.js';
import { ArticleDisclosureService } from './article-disclosure.service.js';
import { ArticleGradeController } from './article-grade.controller.js';
import { ArticleHistory } from './article-history.js';
import { ArticleHistoryController } from './article-history.controller.js';
import { ArticleProvenanceService } from './article-provenance.service.js';
import { ArticlePublicationsReader } from './article-publications.reader.js';
import { ArticleReaderCounts } from './article-reader-counts.js';
import { ArticleReads } from './article-reads.js';
import { ArticleRecoveryStore } from './article-recovery.store.js';
import { ArticleReviewStore } from './article-review.store.js';
import { SearchService } from './article-search.service.js';
import { PassagesService } from './article-passages.service.js';
import { ArticleWriter } from './article-writer.js';
import { ArticlesCacheService } from './articles-cache.service.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';
import { CorrectionsController } from './corrections.controller.js';

/**
 * The `article` table and its history, split by who uses it: public reads (ArticleReads, ArticlesService,
 * SearchService, PassagesService, ArticlePublicationsReader), editorial commands (ArticleCommands,
 * ArticleReviewStore, AdminArticleListService), readers' counts (ArticleReaderCounts,
 * ArticleCountersSnapshot), history (ArticleHistory, ArticleProvenanceService) and recovery
 * (ArticleRecoveryStore). What spans other modules (publishing with the claim check, SEO and AI
 * commentary) is the editorial desk's, above this module.
 */
@Module({
  imports: [PreparedResponsesModule],
  controllers: [ArticlesController, ArticleHistoryController, ArticleGradeController, CorrectionsController],
  providers: [
    ArticleWriter,
    ArticleReads,
    ArticleCommands,
    ArticleReaderCounts,
    ArticleHistory,
    ArticleRecoveryStore,
    ArticleReviewStore,
    ArticleProvenanceService,
    ArticleDisclosureService,
    SearchService,
    ArticlesService,
    ArticlesCacheService,
    ArticleCountersReader,
    ArticleCountersSnapshot,
    PassagesService,
    AdminArticleListService,
    ArticlePublicationsReader,
  ],
  exports: [
    ArticlesService,
    ArticleReads,
    ArticleCommands,
    ArticleReaderCounts,
    ArticleRecoveryStore,
    ArticleReviewStore,
    ArticleProvenanceService,
    ArticleDisclosureService,
    ArticlePublicationsReader,
    ArticleCountersSnapshot,
    AdminArticleListService,
    SearchService,
    PassagesService,
    ArticlesCacheService,
  ],
})
export class ArticlesModule {}
