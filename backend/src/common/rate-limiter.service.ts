import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.token.js';

const PREFIX = 'ai-mind:rate:';

/**
 * One Redis round trip that counts the call and starts the window with the first one. A script runs
 * atomically, so a burst on many API instances never sees a counter without its expiry (a crash
 * between INCR and EXPIRE would otherwise block the key for good).
 */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('TTL', KEYS[1]) }`;

/**
 * Fixed-window request limits in Redis, shared by every API instance: at most `limit` calls per
 * `windowSeconds` for one key (an action and a client, e.g. 'contact:203.0.113.7').
 */
@Injectable()
export class RateLimiterService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one call; throws 429 with the seconds to wait when the key is over its limit. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    const [count, ttl] = (await this.redis.eval(CONSUME, 1, `${PREFIX}${key}`, windowSeconds)) as [number, number];
    if (count > limit) {
      const wait = ttl > 0 ? ttl : windowSeconds;
      throw new HttpException(
        { error: 'Too Many Requests', message: `Too many requests. Please try again in ${wait} seconds.`, retryAfter: wait },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
