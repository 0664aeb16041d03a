import { Injectable } from '@nestjs/common';
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
      const rows = await this.em
        .getConnection()
        .execute<ArticleCounters[]>('select id, likes, shares, comments from article where id in (?)', [ids]);
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
