import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_CONTENT_TYPE, PUBLIC_CACHE_CONTROL, sendRendered } from '../../common/http-cache.js';
import { prepare, PreparedResponseCache } from '../../common/prepared-response-cache.js';
import { cacheKeys, surrogateKeys } from '../../common/surrogate-keys.js';
import { TrendingService } from './trending.service.js';
import { Public } from '../auth/route-access.js';

@Controller('trending')
export class TrendingController {
  constructor(
    private readonly trending: TrendingService,
    private readonly prepared: PreparedResponseCache,
  ) {}

  /** TrendingItem[] as JSON bytes; later requests are answered from the prepared bytes while the feed is reused. */
  @Public()
  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  async feed(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const json = await this.trending.renderFeed();
    const until = this.trending.feedReusedUntil();
    surrogateKeys(request).add(cacheKeys.trending);
    this.prepared.put(request, prepare(json.body, { contentType: JSON_CONTENT_TYPE, cacheControl: PUBLIC_CACHE_CONTROL, etag: json.etag }), () => Date.now() < until);
    return sendRendered(reply, json);
  }
}
