import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.token.js';

const PREFIX = 'ai-mind:rate:';

/** At most `limit` calls per `windowSeconds` for `key` (an action and a client as clientKey names it, e.g. 'contact:203.0.113.7' or 'contact:2001:db8:1:2::/64'). */
export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
  /** What the reader is told, given the wait in words ('4 minutes'); a generic sentence otherwise. */
  message?: (wait: string) => string;
}

/** A wait in the words people use: seconds under a minute and a half, else whole minutes (rounded up). */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * One Redis round trip for all of a call's limits, checked in order: each counts the call and starts
 * its window with the first one, and the first limit exceeded stops the script (later ones are not
 * charged). A script runs atomically, so a burst on many API instances never sees a counter without
 * its expiry (a crash between INCR and EXPIRE would otherwise block the key for good).
 * KEYS: the counters; ARGV: their windows, then their limits. Returns [index of the exceeded limit
 * (1-based) or 0, seconds left in its window].
 */
const CONSUME = `
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 or redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[i]) end
  if count > tonumber(ARGV[#KEYS + i]) then return { i, redis.call('TTL', key) } end
end
return { 0, 0 }`;

const CONSUME_COMMAND = 'aiMindConsumeLimits';

/** Fixed-window request limits in Redis, shared by every API instance. */
@Injectable()
export class RateLimiterService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {
    // Sent by its SHA1 (EVALSHA, loaded on first use): the script's text is not written on every call.
    if (!(CONSUME_COMMAND in redis)) redis.defineCommand(CONSUME_COMMAND, { lua: CONSUME });
  }

  private consume_(keys: string[], args: number[]): Promise<unknown> {
    return (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[CONSUME_COMMAND]!(keys.length, ...keys, ...args);
  }

  /** Counts one call; throws 429 with the seconds to wait when the key is over its limit. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    await this.consumeAll([{ key, limit, windowSeconds }]);
  }

  /**
   * Counts one use against several limits at once and says whether none was exceeded, for a limit the
   * caller keeps to itself (a quiet refusal that tells the sender nothing).
   */
  async allows(limits: Omit<RateLimit, 'message'>[]): Promise<boolean> {
    const keys = limits.map(({ key }) => `${PREFIX}${key}`);
    const args = [...limits.map(({ windowSeconds }) => windowSeconds), ...limits.map(({ limit }) => limit)];
    const [exceeded] = (await this.consume_(keys, args)) as [number, number];
    return exceeded === 0;
  }

  /** Counts one call against several limits at once; throws 429 for the first one exceeded. */
  async consumeAll(limits: RateLimit[]): Promise<void> {
    const keys = limits.map(({ key }) => `${PREFIX}${key}`);
    const args = [...limits.map(({ windowSeconds }) => windowSeconds), ...limits.map(({ limit }) => limit)];
    const [exceeded, ttl] = (await this.consume_(keys, args)) as [number, number];
    if (exceeded > 0) {
      const limit = limits[exceeded - 1]!;
      const wait = ttl > 0 ? ttl : limit.windowSeconds;
      const message = limit.message?.(waitInWords(wait)) ?? `Too many requests. Please try again in ${waitInWords(wait)}.`;
      throw new HttpException({ error: 'Too Many Requests', message, retryAfter: wait }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
