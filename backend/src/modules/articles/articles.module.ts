import { Module } from '@nestjs/common';
import { AdminArticleListService } from './admin-article-list.service.js';
import { ArticleCountersReader } from './article-counters.reader.js';
import { ArticleHistoryController } from './article-history.controller.js';
import { PassagesService } from './article-passages.service.js';
import { SearchService } from './article-search.service.js';
import { ArticleRecoveryStore } from './article-recovery.store.js';
import { ArticleStore } from './article.store.js';
import { ArticleWriter } from './article-writer.js';
import { ArticlesAdminService } from './articles-admin.service.js';
import { ArticlesCacheService } from './articles-cache.service.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';

@Module({
  controllers: [ArticlesController, ArticleHistoryController],
  providers: [ArticleWriter, ArticleStore, ArticleRecoveryStore, SearchService, ArticlesService, ArticlesCacheService, ArticlesAdminService, ArticleCountersReader, PassagesService, AdminArticleListService],
  exports: [AdminArticleListService, ArticleStore, ArticleRecoveryStore, SearchService, ArticlesService, ArticlesCacheService, ArticlesAdminService, PassagesService],
})
export class ArticlesModule {}
