import { Injectable, NotFoundException } from '@nestjs/common';
import type { InteractionRequest, InteractionResponse } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { ArticleStore } from '../articles/article.store.js';

@Injectable()
export class InteractionsService {
  constructor(private readonly articles: ArticleStore) {}

  /**
   * Counts a like or share on a published article in one SQL statement: the counter is incremented
   * in place, so concurrent calls never lose an increment, and the interaction row is written by the
   * same statement (all or nothing) in a single round trip.
   */
  async record(request: InteractionRequest, ip: string): Promise<InteractionResponse> {
    const counters = await this.articles.countInteraction(request.articleId, request.type, request.content ?? null, clientHash(ip));
    if (!counters) throw new NotFoundException({ error: 'Not Found', message: `Article ${request.articleId} not found` });
    return counters;
  }
}
