import { Controller, Get, Header, NotImplementedException, Query } from '@nestjs/common';
import type { TrendingTopic } from '@ai-mind/contracts';
import { TrendingService } from './trending.service.js';

/** The admin's trending topics (an admin path: the session guard protects it). */
@Controller('trending-topics')
export class TrendingTopicsController {
  constructor(private readonly trending: TrendingService) {}

  @Get()
  @Header('cache-control', 'no-store')
  list(@Query('refresh') refresh?: string): Promise<TrendingTopic[]> {
    if (refresh === 'true') {
      throw new NotImplementedException({ error: 'Not Implemented', message: 'Refreshing topics from the news feeds is not available yet; the list shows the stored topics.' });
    }
    return this.trending.listAll();
  }
}
