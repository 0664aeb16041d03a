import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthResponse } from '@ai-mind/contracts';
import { HealthService } from './health.service.js';
import { Public } from '../../common/route-access.js';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 while the API can serve (database and Redis up); 503 otherwise, for load-balancer probes. */
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const result = await this.health.check();
    if (!result.checks.database.ok || !result.checks.redis.ok) void reply.status(503);
    void reply.header('cache-control', 'no-store');
    return result;
  }
}
