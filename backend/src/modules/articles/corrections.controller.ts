import { Controller, Get, Header, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CorrectionEntry } from '@ai-mind/contracts';
import { PUBLIC_CACHE_CONTROL } from '../../common/http-cache.js';
import { cacheKeys, surrogateKeys } from '../../common/surrogate-keys.js';
import { Public } from '../auth/route-access.js';
import { ArticlesService } from './articles.service.js';

/** Every correction and update note of the published articles, newest first: what /corrections shows. */
@Controller('corrections')
export class CorrectionsController {
  constructor(private readonly articles: ArticlesService) {}

  @Public()
  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  list(@Req() request: FastifyRequest): Promise<CorrectionEntry[]> {
    surrogateKeys(request).add(cacheKeys.corrections);
    return this.articles.corrections();
  }
}
