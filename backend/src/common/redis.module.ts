import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { configToken, type ConfigSlice } from '../config/config.module.js';
import { logConnectionErrors } from './connection-errors.js';
import { FormFlashService } from './page-form.js';
import { OneAtATime } from './one-at-a-time.js';
import { RateLimiterService } from './rate-limiter.service.js';
import { REDIS } from './redis.token.js';

/** Upper bound of one Redis command, so that no request waits long on a Redis that is down. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_500;

/** Re-exported so feature code imports the token from the module that provides it. */
export { REDIS };

@Global()
@Module({
  providers: [
    RateLimiterService,
    FormFlashService,
    OneAtATime,
    {
      provide: REDIS,
      inject: [configToken('redis')],
      // While Redis is down a command fails at the next failed reconnect attempt (at most 0.5 s apart),
      // or after the command timeout for a server that accepts but never answers, instead of waiting for
      // Redis to return: readers fall back to PostgreSQL and writers get a 503. Reconnects go on forever.
      useFactory: (config: ConfigSlice<'redis'>) => {
        const redis = new Redis(config.url, {
          maxRetriesPerRequest: 0,
          connectTimeout: 5_000,
          commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
          retryStrategy: (times) => Math.min(times * 100, 500),
          // Commands issued in the same tick (50 readers' rate limits) go out in one socket write.
          enableAutoPipelining: true,
        });
        logConnectionErrors(redis, new Logger('Redis'), 'Redis');
        return redis;
      },
    },
  ],
  exports: [REDIS, RateLimiterService, FormFlashService, OneAtATime],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
