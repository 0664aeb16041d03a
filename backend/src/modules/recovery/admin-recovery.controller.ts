import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  RegenerateImagesRequestSchema,
  type ExhaustiveRecoveryResponse,
  type ForceRecoveryResponse,
  type RecreateFromSitemapResponse,
  type RegenerateImagesRequest,
  type RegenerateImagesResponse,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ImagesService } from '../media/index.js';
import { RecoveryService } from './recovery.service.js';
import { RequirePermission } from '../auth/index.js';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Data Recovery, Emergency Article Recreation and image regeneration: each runs on the worker's queues. */
@Controller('admin')
export class AdminRecoveryController {
  constructor(
    private readonly recovery: RecoveryService,
    private readonly images: ImagesService,
  ) {}

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

  @RequirePermission('media.regenerate')
  @Post('regenerate-images')
  @HttpCode(200)
  async regenerateImages(@Body(new ZodValidationPipe(RegenerateImagesRequestSchema)) body: RegenerateImagesRequest): Promise<RegenerateImagesResponse> {
    const outcome = await this.images.regenerate(body);
    const message =
      outcome.pendingCount > 0
        ? `New images for ${plural(outcome.updatedCount, 'article')} so far; ${outcome.pendingCount} more ${outcome.pendingCount === 1 ? 'is' : 'are'} still being made.`
        : `New images for ${plural(outcome.updatedCount, 'article')}.`;
    return { ...outcome, message };
  }
}
