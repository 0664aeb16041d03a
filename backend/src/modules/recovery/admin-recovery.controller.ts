import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ExhaustiveRecoveryResponse, ForceRecoveryResponse, RecreateFromSitemapResponse } from '@ai-mind/contracts';
import { RecoveryService } from './recovery.service.js';
import { plural } from '../../common/plural.js';
import { RequirePermission } from '../auth/index.js';

/** Data Recovery and Emergency Article Recreation: each runs on the worker's recovery queue. */
@Controller('admin')
export class AdminRecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @RequirePermission('operations.run')
  @Post('force-recovery')
  @HttpCode(200)
  async forceRecovery(@Req() request: FastifyRequest): Promise<ForceRecoveryResponse> {
    const result = await this.recovery.quick(request.adminSession!.username);
    return {
      message: result.restored.length ? `Restored ${plural(result.restored.length, 'missing article')}.` : 'No missing articles found.',
      restoredCount: result.restored.length,
      restoredArticles: result.restored,
    };
  }

  @RequirePermission('operations.run')
  @Post('exhaustive-recovery')
  @HttpCode(200)
  async exhaustiveRecovery(@Req() request: FastifyRequest): Promise<ExhaustiveRecoveryResponse> {
    const result = await this.recovery.deep(request.adminSession!.username);
    return {
      articlesFound: result.articlesFound,
      backupsFound: result.backupsFound,
      finalStats: { totalArticlesNow: result.totalArticlesNow, publishedArticlesNow: result.publishedArticlesNow },
      restoredCount: result.restored.length,
      restoredArticles: result.restored,
      message: `Scanned ${plural(result.backupsFound, 'backup')} and every revision: ${plural(result.articlesFound, 'article')} found, ${result.restored.length} restored.`,
    };
  }

  @RequirePermission('operations.run')
  @Post('recreate-from-sitemap')
  @HttpCode(200)
  async recreateFromSitemap(@Req() request: FastifyRequest): Promise<RecreateFromSitemapResponse> {
    const result = await this.recovery.recreateFromSitemap(request.adminSession!.username);
    return {
      recreatedArticles: result.restored,
      totalArticlesNow: result.totalArticlesNow,
      publishedArticlesNow: result.publishedArticlesNow,
      message: `Recreated ${plural(result.restored.length, 'article')} listed in the last sitemap.`,
    };
  }
}
