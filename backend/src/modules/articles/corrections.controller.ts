import { Controller, Get, Header } from '@nestjs/common';
import type { CorrectionEntry } from '@ai-mind/contracts';
import { PUBLIC_CACHE_CONTROL } from '../../common/http-cache.js';
import { Public } from '../auth/route-access.js';
import { ArticlesService } from './articles.service.js';

/** Every correction and update note of the published articles, newest first: what /corrections shows. */
@Controller('corrections')
export class CorrectionsController {
  constructor(private readonly articles: ArticlesService) {}

  @Public()
  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  list(): Promise<CorrectionEntry[]> {
    return this.articles.corrections();
  }
}
