import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InteractionRequest, InteractionResponse } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';

@Injectable()
export class InteractionsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts a like or share on a published article in one SQL statement: the counter is incremented
   * in place, so concurrent calls never lose an increment, and the interaction row is written by the
   * same statement (all or nothing) in a single round trip.
   */
  async record(request: InteractionRequest, ip: string): Promise<InteractionResponse> {
    const column = request.type === 'like' ? 'likes' : 'shares';
    const [counters] = await this.em.execute<InteractionResponse[]>(
      `with counted as (
         update article set ${column} = ${column} + 1 where id = ? and approved = true returning id, likes, shares
       ), recorded as (
         insert into interaction (article_id, type, content, client_hash, created_at)
         select id, ?, ?, ?, now() from counted
       )
       select likes, shares from counted`,
      [request.articleId, request.type, request.content ?? null, clientHash(ip)],
    );
    if (!counters) throw new NotFoundException({ error: 'Not Found', message: `Article ${request.articleId} not found` });
    return counters;
  }
}
