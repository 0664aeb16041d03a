import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.token.js';

const PREFIX = 'ai-mind:rate:';

/**
 * Fixed-window request limits in Redis, shared by every API instance: at most `limit` calls per
 * `windowSeconds` for one key (an action and a client, e.g. 'contact:203.0.113.7').
 */
@Injectable()
export class RateLimiterService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one call; throws 429 with the seconds to wait when the key is over its limit. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    const redisKey = `${PREFIX}${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(redisKey).ttl(redisKey).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.expire(redisKey, windowSeconds);
    if (count > limit) {
      const wait = ttl > 0 ? ttl : windowSeconds;
      throw new HttpException(
        { error: 'Too Many Requests', message: `Too many requests. Please try again in ${wait} seconds.`, retryAfter: wait },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
