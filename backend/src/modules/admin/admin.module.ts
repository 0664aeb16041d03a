import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AiCommentaryModule } from '../ai/ai-commentary.module.js';
import { ArticlesModule } from '../articles/articles.module.js';
import { MediaModule } from '../media/media.module.js';
import { RecoveryModule } from '../recovery/recovery.module.js';
import { SeoModule } from '../seo/seo.module.js';
import { TrendingModule } from '../trending/trending.module.js';
import { AdminArticlesController } from './admin-articles.controller.js';
import { AdminRecoveryController } from './admin-recovery.controller.js';
import { AuditInterceptor } from './audit.interceptor.js';

/** The editors' article, recovery, image and Refresh Data calls, and the audit trail of every admin change. */
@Module({
  imports: [ArticlesModule, AiCommentaryModule, MediaModule, RecoveryModule, SeoModule, TrendingModule],
  controllers: [AdminArticlesController, AdminRecoveryController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
})
export class AdminModule {}
