import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PUBLIC_CACHE_CONTROL, sendRendered } from '../../common/http-cache.js';
import { TrendingService } from './trending.service.js';
import { Public } from '../auth/route-access.js';

@Controller('trending')
export class TrendingController {
  constructor(private readonly trending: TrendingService) {}

  /** TrendingItem[] as JSON bytes. */
  @Public()
  @Get()
  @Header('cache-control', PUBLIC_CACHE_CONTROL)
  async feed(@Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return sendRendered(reply, await this.trending.renderFeed());
  }
}
