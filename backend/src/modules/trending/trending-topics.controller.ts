import { Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import type { TrendingSourcesResponse, TrendingTopic } from '@ai-mind/contracts';
import { TrendingService } from './trending.service.js';
import { RequirePermission } from '../auth/index.js';

/** The admin's trending topics: admin routes (they declare no public access). */
@Controller('trending-topics')
export class TrendingTopicsController {
  constructor(private readonly trending: TrendingService) {}

  /**
   * The list as it is. A GET changes nothing: `?refresh=true` (the spec's spelling of a forced refresh)
   * answers the same list, since a link or a cross-site navigation carrying the session cookie could
   * send it; refreshing is POST /api/trending-topics/refresh.
   */
  @RequirePermission('trending.read')
  @Get()
  @Header('cache-control', 'no-store')
  list(): Promise<TrendingTopic[]> {
    return this.trending.listAll();
  }

  /** Fetches the feeds now and answers with the fresh list (504 past the wait limit); a change, so CSRF-checked and audited. */
  @RequirePermission('trending.manage')
  @Post('refresh')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async refresh(): Promise<TrendingTopic[]> {
    await this.trending.refreshNow();
    return this.trending.listAll();
  }

  @RequirePermission('trending.read')
  @Get('sources')
  @Header('cache-control', 'no-store')
  sources(): Promise<TrendingSourcesResponse> {
    return this.trending.sources();
  }
}
