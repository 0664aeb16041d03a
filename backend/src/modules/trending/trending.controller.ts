import { Controller, Get } from '@nestjs/common';
import { Cacheable } from '../../common/cacheable.js';
import { PUBLIC_CACHE_CONTROL, renderedJson, type RenderedAnswer } from '../../common/http-cache.js';
import { cacheKeys } from '../../common/surrogate-keys.js';
import { TrendingService } from './trending.service.js';
import { Public } from '../../common/route-access.js';

@Controller('trending')
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  /** TrendingItem[] as JSON bytes; later requests are answered from the prepared bytes while the feed is reused. */
  @Public()
  @Get()
  @Cacheable({ cacheControl: PUBLIC_CACHE_CONTROL, keys: () => [cacheKeys.trending], prepared: true })
  async feed(): Promise<RenderedAnswer> {
    const json = await this.trending.renderFeed();
    // The feed just rendered is reused until then, and its prepared answer lives as long.
    return renderedJson(json, { expiresAt: this.trending.feedReusedUntil() });
  }
}
