import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InteractionRequest, InteractionResponse } from '@ai-mind/contracts';
import { clientHash } from '../../common/client-hash.js';

@Injectable()
export class InteractionsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Counts a reader's like or share on a published article once, in one SQL statement: the row is
   * inserted unless this reader already has one (a unique index decides, so concurrent repeats from
   * one reader count once), and only an inserted row increments the counter, in place, so concurrent
   * readers never lose an increment. A repeat answers the current counters unchanged.
   */
  async record(request: InteractionRequest, ip: string, visitorId: string): Promise<InteractionResponse> {
    const column = request.type === 'like' ? 'likes' : 'shares';
    const [counters] = await this.em.execute<InteractionResponse[]>(
      `with recorded as (
         insert into interaction (article_id, type, content, client_hash, visitor_id, created_at)
         select id, ?, ?, ?, ?, now() from article where id = ? and approved = true
         on conflict (article_id, type, visitor_id) where visitor_id is not null do nothing
         returning article_id
       ), counted as (
         update article set ${column} = ${column} + 1 where id in (select article_id from recorded) returning likes, shares
       )
       select likes, shares from counted
       union all
       select likes, shares from article where id = ? and approved = true and not exists (select 1 from recorded)`,
      [request.type, request.content ?? null, clientHash(ip), visitorId, request.articleId, request.articleId],
    );
    if (!counters) throw new NotFoundException({ error: 'Not Found', message: `Article ${request.articleId} not found` });
    return counters;
  }
}
