import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ArticleSummary } from '@ai-mind/contracts';

export type ArticleCounters = Pick<ArticleSummary, 'id' | 'likes' | 'shares' | 'comments'>;

interface Waiting {
  ids: number[];
  resolve: (counters: Map<number, ArticleCounters>) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads like, share and comment counts from PostgreSQL for cached pages and articles, many readers
 * per query: the reads that arrive while a query is running are answered together by the next one.
 * That next query starts after each of them arrived, so every reader still sees every change
 * committed before its request (a like, or a fix in SQL), yet 50 concurrent readers cost one query.
 */
@Injectable()
export class ArticleCountersReader {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly em: EntityManager) {}

  read(ids: number[]): Promise<Map<number, ArticleCounters>> {
    if (ids.length === 0) return Promise.resolve(new Map());
    return new Promise((resolve, reject) => {
      this.waiting.push({ ids, resolve, reject });
      if (!this.running) void this.runBatch();
    });
  }

  private async runBatch(): Promise<void> {
    this.running = true;
    const batch = this.waiting;
    this.waiting = [];
    try {
      const ids = [...new Set(batch.flatMap((waiting) => waiting.ids))];
      // On the connection, not an entity manager: the batch serves many callers, so it stays outside any transaction of theirs.
      // Raw: the connection's own statement (db() binds to an entity manager and so to its transaction).
      const rows = await this.em.getConnection().execute<ArticleCounters[]>('select id, likes, shares, comments from article where id in (?)', [ids]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const waiting of batch) waiting.resolve(byId);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.running = false;
      if (this.waiting.length > 0) void this.runBatch();
    }
  }
}

/** How often the counters of the articles readers are looking at are read again. */
export const COUNTERS_REFRESH_MS = 250;
/** An article nobody has read for this long is no longer refreshed. */
export const COUNTERS_FORGET_MS = 60_000;

interface KnownCounters extends ArticleCounters {
  usedAt: number;
}

/**
 * The like, share and comment counts of the articles this process is serving, kept in memory and
 * read again from PostgreSQL every COUNTERS_REFRESH_MS in one query, so that a cached page or article
 * is merged with counts that are at most that old without any query per request, and a like never
 * invalidates a cached page. An article seen for the first time is read at once (ArticleCountersReader);
 * a like acknowledged by this process is shown by it at once (record). `version` changes whenever any
 * count this process knows changes, so bytes prepared with older counts are known to be out of date.
 */
@Injectable()
export class ArticleCountersSnapshot implements OnModuleDestroy {
  private readonly logger = new Logger(ArticleCountersSnapshot.name);
  private readonly known = new Map<number, KnownCounters>();
  private timer: NodeJS.Timeout | null = null;
  private refreshing = false;
  private destroyed = false;
  private changes = 0;

  constructor(private readonly reader: ArticleCountersReader) {}

  /** Changes whenever a known count changes. */
  get version(): number {
    return this.changes;
  }

  async read(ids: number[]): Promise<Map<number, ArticleCounters>> {
    const missing = ids.filter((id) => !this.known.has(id));
    if (missing.length > 0) {
      const fresh = await this.reader.read(missing);
      const now = Date.now();
      for (const id of missing) {
        const row = fresh.get(id);
        if (row && !this.known.has(id)) this.known.set(id, { id, likes: row.likes, shares: row.shares, comments: row.comments, usedAt: now });
      }
      this.startRefreshing();
    }
    const now = Date.now();
    const result = new Map<number, ArticleCounters>();
    for (const id of ids) {
      const known = this.known.get(id);
      if (!known) continue;
      known.usedAt = now;
      result.set(id, known);
    }
    return result;
  }

  /** Counts this process has just committed (an acknowledged like or share). */
  record(id: number, counters: Partial<Pick<ArticleCounters, 'likes' | 'shares' | 'comments'>>): void {
    const known = this.known.get(id);
    if (!known) return;
    let changed = false;
    for (const field of ['likes', 'shares', 'comments'] as const) {
      const value = counters[field];
      if (value !== undefined && value > known[field]) {
        known[field] = value;
        changed = true;
      }
    }
    if (changed) this.changes += 1;
  }

  onModuleDestroy(): void {
    this.destroyed = true;
    this.stopRefreshing();
  }

  private stopRefreshing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private startRefreshing(): void {
    // After shutdown a late read must not start queries on a pool that is closing.
    if (this.timer || this.destroyed) return;
    this.timer = setInterval(() => void this.refresh(), COUNTERS_REFRESH_MS);
    this.timer.unref();
  }

  private async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const now = Date.now();
      let changed = false;
      for (const [id, known] of this.known) {
        if (now - known.usedAt <= COUNTERS_FORGET_MS) continue;
        this.known.delete(id);
        // Answers prepared with its counts are no longer kept current (a prepared hit reads nothing): they end here.
        changed = true;
      }
      if (this.known.size === 0) {
        if (changed) this.changes += 1;
        this.stopRefreshing();
        return;
      }
      const fresh = await this.reader.read([...this.known.keys()]);
      for (const [id, known] of this.known) {
        const row = fresh.get(id);
        if (!row) continue;
        if (row.likes !== known.likes || row.shares !== known.shares || row.comments !== known.comments) {
          known.likes = row.likes;
          known.shares = row.shares;
          known.comments = row.comments;
          changed = true;
        }
      }
      if (changed) this.changes += 1;
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not refresh article counters');
    } finally {
      this.refreshing = false;
    }
  }
}
