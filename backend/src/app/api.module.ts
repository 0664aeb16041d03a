import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { AdminEventsController } from '../modules/admin/admin-events.controller.js';
import { AdminModule } from '../modules/admin/admin.module.js';
import { AiModule } from '../modules/ai/ai.module.js';
import { AnalyticsModule } from '../modules/analytics/analytics.module.js';
import { ArticleChangeListener } from '../modules/articles/article-change.listener.js';
import { ArticlesModule } from '../modules/articles/articles.module.js';
import { ArticlesAdminModule } from '../modules/articles/articles-admin.module.js';
import { ChatModule } from '../modules/chat/chat.module.js';
import { CommentsModule } from '../modules/comments/comments.module.js';
import { ErrorReportsModule } from '../modules/error-reports/error-reports.module.js';
import { InteractionsModule } from '../modules/interactions/interactions.module.js';
import { NewsletterModule } from '../modules/newsletter/newsletter.module.js';
import { AuthModule } from '../modules/auth/auth.module.js';
import { ContactModule } from '../modules/contact/contact.module.js';
import { HttpCachePurger } from '../modules/http-cache/http-cache-purger.js';
import { HealthModule } from '../modules/health/health.module.js';
import { PeopleModule } from '../modules/people/people.module.js';
import { ProvenanceAdminModule } from '../modules/provenance/provenance-admin.module.js';
import { PublicRecordModule } from '../modules/public-record/public-record.module.js';
import { RecoveryModule } from '../modules/recovery/recovery.module.js';
import { SeoModule } from '../modules/seo/seo.module.js';
import { TrendingModule } from '../modules/trending/trending.module.js';
import { WorkflowModule } from '../modules/workflow/workflow.module.js';
import { CoreModule } from './core.module.js';

/** The HTTP API process: feature modules without any job processors. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        CoreModule.forRoot(config, 'api'),
        AdminModule,
        AiModule,
        AnalyticsModule,
        ArticlesModule,
        ArticlesAdminModule,
        AuthModule,
        ChatModule,
        CommentsModule,
        ContactModule,
        ErrorReportsModule,
        HealthModule,
        InteractionsModule,
        NewsletterModule,
        PeopleModule,
        ProvenanceAdminModule,
        PublicRecordModule,
        RecoveryModule,
        SeoModule,
        TrendingModule,
        WorkflowModule,
      ],
      // Only API processes cache public pages, so only they listen for article changes (and tell the
      // panel), and send the shared cache's purges.
      providers: [ArticleChangeListener, HttpCachePurger],
      controllers: [AdminEventsController],
    };
  }
}
