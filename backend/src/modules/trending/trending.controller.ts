import { Controller, Get, Header } from '@nestjs/common';
import type { TrendingItem } from '@ai-mind/contracts';
import { PUBLIC_CACHE_CONTROL } from '../../common/http-cache.js';
import { TrendingService } from './trending.service.js';

@Controller('trending')
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  feed(): Promise<TrendingItem[]> {
    return this.trending.feed();
  }
}
