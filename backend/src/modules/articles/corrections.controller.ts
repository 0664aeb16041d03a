import { Controller, Get } from '@nestjs/common';
import type { CorrectionEntry } from '@ai-mind/contracts';
import { Cacheable } from '../../common/cacheable.js';
import { PUBLIC_CACHE_CONTROL } from '../../common/http-cache.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { Public } from '../../common/route-access.js';
import { ArticlesService } from './articles.service.js';

/** Every correction and update note of the published articles, newest first: what /corrections shows. */
@Controller('corrections')
export class CorrectionsController {
  constructor(private readonly articles: ArticlesService) {}

  @Public()
  @Get()
  @Cacheable({ cacheControl: PUBLIC_CACHE_CONTROL, keys: () => [cacheKeys.corrections] })
  list(): Promise<CorrectionEntry[]> {
    return this.articles.corrections();
  }
}
