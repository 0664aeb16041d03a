import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InteractionRequest, InteractionResponse } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';
import { Interaction } from './interaction.entity.js';

@Injectable()
export class InteractionsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts a like or share on a published article: the counter is incremented in SQL, so concurrent
   * calls never lose an increment, and the interaction row is written in the same transaction.
   */
  async record(request: InteractionRequest, ip: string): Promise<InteractionResponse> {
    const column = request.type === 'like' ? 'likes' : 'shares';
    return this.em.fork().transactional(async (em) => {
      const [counters] = await em.execute<InteractionResponse[]>(
        `update article set ${column} = ${column} + 1 where id = ? and approved = true returning likes, shares`,
        [request.articleId],
      );
      if (!counters) throw new NotFoundException({ error: 'Not Found', message: `Article ${request.articleId} not found` });
      em.create(Interaction, { articleId: request.articleId, type: request.type, content: request.content ?? null, clientHash: clientHash(ip) });
      return counters;
    });
  }
}
