import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.module.js';

/** Bumped on every change to published content; every cached entry names the generation it belongs to. */
const GENERATION_KEY = 'cache:articles:generation';
const ENTRY_PREFIX = 'cache:articles';
/** An upper bound on staleness should an invalidation ever be missed (e.g. a direct SQL fix). */
export const ARTICLE_CACHE_TTL_SECONDS = 300;

/**
 * Redis cache of what readers fetch most: list pages, search pages, single articles, the sitemap and
 * the feed. Invalidation is one INCR of a generation counter, so it is O(1), atomic and instantly
 * effective for every API process; entries of old generations simply expire. Redis trouble never
 * fails a read: the value is computed from PostgreSQL instead.
 */
@Injectable()
export class ArticlesCacheService {
  private readonly logger = new Logger(ArticlesCacheService.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The cached value of `key`, or `compute()`'s result, stored for the next reader. */
  async remember<T>(key: string, compute: () => Promise<T>, ttlSeconds = ARTICLE_CACHE_TTL_SECONDS): Promise<T> {
    let entryKey: string | null = null;
    try {
      const generation = (await this.redis.get(GENERATION_KEY)) ?? '0';
      entryKey = `${ENTRY_PREFIX}:${generation}:${key}`;
      const cached = await this.redis.get(entryKey);
      if (cached !== null) return JSON.parse(cached) as T;
    } catch (error) {
      this.logger.warn({ err: error }, 'Article cache unavailable; reading from the database');
    }
    const value = await compute();
    if (entryKey !== null) {
      this.redis.set(entryKey, JSON.stringify(value), 'EX', ttlSeconds).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'Could not store an article cache entry');
      });
    }
    return value;
  }

  /**
   * Drops every cached list, article, sitemap and feed. Call it after an article is published,
   * edited, unpublished or deleted (and after counters change when lists must show them at once).
   */
  async invalidate(): Promise<void> {
    await this.redis.incr(GENERATION_KEY);
  }
}
