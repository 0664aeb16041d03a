import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RegenerateImagesRequestSchema, type RegenerateImagesRequest, type RegenerateImagesResponse } from '@ai-mind/contracts';
import { plural } from '../../common/plural.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { ImagesService } from './images.service.js';

/** Regenerate Images: one job per article on the worker's images queue, answered after a bounded wait. */
@Controller('admin')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

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
