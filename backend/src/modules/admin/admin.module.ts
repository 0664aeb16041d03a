import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AiCommentaryModule } from '../ai/ai-commentary.module.js';
import { ArticlesModule } from '../articles/articles.module.js';
import { AdminArticlesController } from './admin-articles.controller.js';
import { AuditInterceptor } from './audit.interceptor.js';

/** The editors' article calls, and the audit trail of every admin change. */
@Module({
  imports: [ArticlesModule, AiCommentaryModule],
  controllers: [AdminArticlesController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
})
export class AdminModule {}
