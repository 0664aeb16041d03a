import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { AdminEventsController, AdminModule } from '../modules/admin/index.js';
import { AiModule } from '../modules/ai/index.js';
import { AnalyticsModule } from '../modules/analytics/index.js';
import { ArticleChangeListener, ArticleGradeKeeper, ArticlesModule } from '../modules/articles/index.js';
import { EditorialDeskModule } from '../modules/editorial-desk/index.js';
import { ChatModule } from '../modules/chat/index.js';
import { CommentsModule } from '../modules/comments/index.js';
import { ErrorReportsModule } from '../modules/error-reports/index.js';
import { EvidenceModule } from '../modules/evidence/index.js';
import { FediverseModule } from '../modules/fediverse/index.js';
import { InteractionsModule } from '../modules/interactions/index.js';
import { MediaModule } from '../modules/media/index.js';
import { FollowsModule } from '../modules/follows/index.js';
import { NewsletterModule } from '../modules/newsletter/index.js';
import { NewsroomModule } from '../modules/newsroom/index.js';
import { OutletsModule } from '../modules/outlets/index.js';
import { StoriesModule } from '../modules/stories/index.js';
import { AuthModule } from '../modules/auth/index.js';
import { ContactModule } from '../modules/contact/index.js';
import { HttpCachePurger } from '../modules/http-cache/index.js';
import { HealthModule } from '../modules/health/index.js';
import { PeopleModule } from '../modules/people/index.js';
import { ProvenanceAdminModule } from '../modules/provenance/index.js';
import { PublicRecordModule } from '../modules/public-record/index.js';
import { RecoveryModule } from '../modules/recovery/index.js';
import { PagesModule } from '../modules/pages/index.js';
import { SourceWatchModule } from '../modules/source-watch/index.js';
import { TrendingModule } from '../modules/trending/index.js';
import { WorkflowModule } from '../modules/workflow/index.js';
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
        EditorialDeskModule,
        AuthModule,
        ChatModule,
        CommentsModule,
        ContactModule,
        ErrorReportsModule,
        EvidenceModule,
        FediverseModule,
        HealthModule,
        InteractionsModule,
        MediaModule,
        NewsletterModule,
        FollowsModule,
        NewsroomModule,
        OutletsModule,
        PeopleModule,
        ProvenanceAdminModule,
        PublicRecordModule,
        RecoveryModule,
        StoriesModule,
        PagesModule,
        SourceWatchModule,
        TrendingModule,
        WorkflowModule,
      ],
      // Only API processes cache public pages, so only they listen for article changes (and tell the
      // panel), and send the shared cache's purges; and they keep the articles' grades (where the generation records are read).
      providers: [ArticleChangeListener, HttpCachePurger, ArticleGradeKeeper],
      controllers: [AdminEventsController],
    };
  }
}
