import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import { RateLimiterService } from './rate-limiter.service.js';
import { REDIS } from './redis.token.js';
import type { AppConfig } from '../config/app-config.js';

/** Re-exported so feature code imports the token from the module that provides it. */
export { REDIS };

@Global()
@Module({
  providers: [
    RateLimiterService,
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5_000 }),
    },
  ],
  exports: [REDIS, RateLimiterService],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
