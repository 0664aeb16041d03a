import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.token.js';

const PREFIX = 'ai-mind:one-at-a-time:';
/** How long a holder that never let go (its process died) keeps others out: far longer than a save of the largest body takes. */
export const ONE_AT_A_TIME_TTL_MS = 30_000;

/** Deletes the lock only while it is still the caller's (one that expired and was taken by another call stays theirs). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** How often a caller that may wait asks again. */
const RETRY_MS = 50;

/**
 * Work one account may have under way only once at a time, on every API process alike (a lock in
 * Redis with an expiry): each save of an article body costs a worker thread tens of milliseconds, so
 * one account sending saves in parallel would queue its work ahead of everyone else's. A second call
 * while the first runs is refused with a 429 rather than queued: the editor's own earlier save is
 * still being stored, and retrying after it is theirs to decide. A caller given `waitMs` (a machine
 * delivering several articles at once) waits that long for its turn first.
 */
@Injectable()
export class OneAtATime {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Runs `work` as `account`'s one `kind` of work under way; a 429 saying so when another still is after `waitMs`. */
  async run<T>(kind: string, account: string, work: () => Promise<T>, waitMs = 0): Promise<T> {
    const key = `${PREFIX}${kind}:${account}`;
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    const take = () => this.redis.set(key, token, 'PX', ONE_AT_A_TIME_TTL_MS, 'NX');
    let taken = await take();
    while (taken === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      taken = await take();
    }
    if (taken === null) {
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
