import { Injectable, NotFoundException } from '@nestjs/common';
import { MAX_ROW_ID, type InteractionRequest, type InteractionResponse } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { ArticleCountersSnapshot } from '../articles/index.js';
import { InteractionCounts, type InteractionItem } from './interaction-counts.js';

/** Most interactions one statement commits; more wait for the next one. */
export const INTERACTION_BATCH_MAX = 500;
/**
 * Statements under way at once: while one waits for its commit (the WAL flush), the next is being
 * sent. Articles are locked in id order, so concurrent statements cannot deadlock.
 */
export const INTERACTION_STATEMENTS = 2;

const notFound = (id: number) => new NotFoundException({ error: 'Not Found', message: `Article ${id} not found` });

interface Pending {
  item: InteractionItem;
  resolve: (counters: InteractionResponse | null) => void;
  reject: (error: unknown) => void;
}

@Injectable()
export class InteractionsService {
  private waiting: Pending[] = [];
  private running = 0;

  constructor(
    private readonly batches: InteractionCounts,
    private readonly counters: ArticleCountersSnapshot,
  ) {}

  /**
   * Counts a reader's like or share on a published article once: the row is inserted unless this
   * reader already has one (a unique index decides, so concurrent repeats from one reader count
   * once), and only an inserted row moves the counter, in place, so no increment is ever lost.
   *
   * Group commit: the interactions that arrive while statements are running are committed together
   * by the next one (InteractionCounts.countBatch, one statement, one commit), so 50 concurrent
   * readers cost one commit rather than 50, and a lone reader waits for no timer. Each answer is
   * sent only after the statement that holds it has committed; if it fails, every reader in it gets
   * the error, and none of them an acknowledgement.
   */
  async record(request: InteractionRequest, client: string, visitorId: string): Promise<InteractionResponse> {
    // No article has such an id (the column is an int); kept out of the statement, which it would fail for everyone in it.
    if (request.articleId > MAX_ROW_ID) throw notFound(request.articleId);
    const item = { id: request.articleId, type: request.type, content: request.content ?? null, clientHash: clientHash(client), visitorId };
    const counters = await new Promise<InteractionResponse | null>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.running < INTERACTION_STATEMENTS) void this.runBatch();
    });
    if (!counters) throw notFound(request.articleId);
    this.counters.record(request.articleId, counters);
    return counters;
  }

  private async runBatch(): Promise<void> {
    this.running += 1;
    const batch = this.waiting.slice(0, INTERACTION_BATCH_MAX);
    this.waiting = this.waiting.slice(batch.length);
    try {
      const answers = await this.batches.countBatch(batch.map((pending) => pending.item));
      batch.forEach((pending, index) => pending.resolve(answers[index] ?? null));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      this.running -= 1;
      if (this.waiting.length > 0 && this.running < INTERACTION_STATEMENTS) void this.runBatch();
    }
  }
}
