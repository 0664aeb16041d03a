import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis.module.js';

/** Bumped on every change to published content; every cached entry names the generation it belongs to. */
const GENERATION_KEY = 'cache:articles:generation';
const ENTRY_PREFIX = 'cache:articles';
/** An upper bound on staleness should an invalidation ever be missed (e.g. a direct SQL fix). */
export const ARTICLE_CACHE_TTL_SECONDS = 300;
/** Entries kept in each process's memory: the hot pages and articles, a few megabytes at most. */
const LOCAL_ENTRIES = 500;

interface LocalEntry {
  value: unknown;
  expiresAt: number;
}

/**
 * Cache of what readers fetch most: list pages, search pages, single articles, the sitemap and the
 * feed. Invalidation is one INCR of a generation counter in Redis, so it is O(1), atomic and instantly
 * effective for every API process: each read asks Redis for the current generation (one small GET)
 * and then finds the entry of that generation in this process's memory, else in Redis, else computes
 * it. Entries of old generations are simply never asked for again. Redis trouble never fails a read:
 * the value is computed from PostgreSQL instead. Callers must not mutate what they get back.
 */
@Injectable()
export class ArticlesCacheService {
  private readonly logger = new Logger(ArticlesCacheService.name);
  /** Insertion-ordered, so the first key is the least recently used. */
  private readonly local = new Map<string, LocalEntry>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The cached value of `key`, or `compute()`'s result, stored for the next reader. */
  async remember<T>(key: string, compute: () => Promise<T>, ttlSeconds = ARTICLE_CACHE_TTL_SECONDS): Promise<T> {
    let entryKey: string | null = null;
    try {
      const generation = (await this.redis.get(GENERATION_KEY)) ?? '0';
      entryKey = `${ENTRY_PREFIX}:${generation}:${key}`;
      const local = this.fromMemory<T>(entryKey);
      if (local !== undefined) return local;
      const cached = await this.redis.get(entryKey);
      if (cached !== null) {
        const value = JSON.parse(cached) as T;
        // The Redis entry may be older than this process; it never outlives its own TTL here either.
        const ttl = await this.redis.ttl(entryKey);
        this.keep(entryKey, value, ttl > 0 ? ttl : ttlSeconds);
        return value;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'Article cache unavailable; reading from the database');
    }
    const value = await compute();
    if (entryKey !== null) {
      this.keep(entryKey, value, ttlSeconds);
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

  private fromMemory<T>(entryKey: string): T | undefined {
    const entry = this.local.get(entryKey);
    if (!entry) return undefined;
    this.local.delete(entryKey);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.local.set(entryKey, entry);
    return entry.value as T;
  }

  private keep(entryKey: string, value: unknown, ttlSeconds: number): void {
    this.local.delete(entryKey);
    this.local.set(entryKey, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
    if (this.local.size > LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value!);
  }
}
