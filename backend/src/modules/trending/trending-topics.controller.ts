import { Controller, Get, Header, Query } from '@nestjs/common';
import type { TrendingSourcesResponse, TrendingTopic } from '@ai-mind/contracts';
import { TrendingService } from './trending.service.js';

/** The admin's trending topics: admin routes (they declare no public access). */
@Controller('trending-topics')
export class TrendingTopicsController {
  constructor(private readonly trending: TrendingService) {}

  /** `?refresh=true` fetches the feeds first and answers with the fresh list (504 past the wait limit). */
  @Get()
  @Header('cache-control', 'no-store')
  async list(@Query('refresh') refresh?: string): Promise<TrendingTopic[]> {
    if (refresh === 'true') await this.trending.refreshNow();
    return this.trending.listAll();
  }

  @Get('sources')
  @Header('cache-control', 'no-store')
  sources(): Promise<TrendingSourcesResponse> {
    return this.trending.sources();
  }
}
