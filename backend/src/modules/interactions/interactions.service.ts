import { Injectable, NotFoundException } from '@nestjs/common';
import type { InteractionRequest, InteractionResponse } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { ArticleStore } from '../articles/article.store.js';

@Injectable()
export class InteractionsService {
  constructor(private readonly articles: ArticleStore) {}

  /**
   * Counts a reader's like or share on a published article once, in one SQL statement: the row is
   * inserted unless this reader already has one (a unique index decides, so concurrent repeats from
   * one reader count once), and only an inserted row increments the counter, in place, so concurrent
   * readers never lose an increment. A repeat answers the current counters unchanged.
   */
  async record(request: InteractionRequest, ip: string, visitorId: string): Promise<InteractionResponse> {
    const counters = await this.articles.countInteraction(request.articleId, request.type, request.content ?? null, clientHash(ip), visitorId);
    if (!counters) throw new NotFoundException({ error: 'Not Found', message: `Article ${request.articleId} not found` });
    return counters;
  }
}
