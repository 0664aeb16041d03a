import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.token.js';

const PREFIX = 'ai-mind:one-at-a-time:';
/** How long a holder that never let go (its process died) keeps others out: far longer than a save of the largest body takes. */
export const ONE_AT_A_TIME_TTL_MS = 30_000;

/** Deletes the lock only while it is still the caller's (one that expired and was taken by another call stays theirs). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Work one account may have under way only once at a time, on every API process alike (a lock in
 * Redis with an expiry): each save of an article body costs a worker thread tens of milliseconds, so
 * one account sending saves in parallel would queue its work ahead of everyone else's. A second call
 * while the first runs is refused with a 429 rather than queued: the editor's own earlier save is
 * still being stored, and retrying after it is theirs to decide.
 */
@Injectable()
export class OneAtATime {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Runs `work` as `account`'s one `kind` of work under way; a 429 saying so when another is. */
  async run<T>(kind: string, account: string, work: () => Promise<T>): Promise<T> {
    const key = `${PREFIX}${kind}:${account}`;
    const token = randomUUID();
    if ((await this.redis.set(key, token, 'PX', ONE_AT_A_TIME_TTL_MS, 'NX')) === null) {
      throw new HttpException(
        { error: 'Too Many Requests', message: `Your previous ${kind} is still in progress. Try again once it has finished.`, retryAfter: 1 },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }
}
