import { Module } from '@nestjs/common';
import { SearchModule } from '../search/search.module.js';
import { ArticleCountersReader } from './article-counters.reader.js';
import { ArticleHistoryController } from './article-history.controller.js';
import { ArticleStore } from './article.store.js';
import { ArticlesAdminService } from './articles-admin.service.js';
import { ArticlesCacheService } from './articles-cache.service.js';
import { ArticlesController } from './articles.controller.js';
import { ArticlesService } from './articles.service.js';

@Module({
  imports: [SearchModule],
  controllers: [ArticlesController, ArticleHistoryController],
  providers: [ArticleStore, ArticlesService, ArticlesCacheService, ArticlesAdminService, ArticleCountersReader],
  exports: [ArticleStore, ArticlesService, ArticlesCacheService, ArticlesAdminService],
})
export class ArticlesModule {}
