import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ArticlesCacheService } from './articles-cache.service.js';

/**
 * Who makes a change, as its revision records it: `admin:<name>`, `job:<name>`, `recovery:<path> by
 * <who asked>`, `automation`, `demo-seed`. SQL run by hand is recorded as `sql:<database user>`.
 */
export type Actor = string;
export const adminActor = (username: string): Actor => `admin:${username}`;

/** Names the transaction's actor (and action) for the article_history trigger (article-history.sql.ts); local to the transaction. */
export async function setActor(em: EntityManager, actor: Actor, action = ''): Promise<void> {
  // Raw: transaction-local settings (`set_config(..., true)`) the article_history trigger reads.
  await em.execute(`select set_config('ai_mind.actor', ?, true), set_config('ai_mind.action', ?, true)`, [actor.slice(0, 200), action]);
}

/**
 * How the article stores write: in a transaction that names its actor, then the caches dropped.
 *
 * PostgreSQL completes every write of the article table, whoever makes it (SQL by hand included):
 * - before it, article-columns.sql.ts: article_search_vector (the search document),
 *   article_before_update (version and updated_at, unless a reader's count) and
 *   article_stage_follows_approved (approved and stage in step);
 * - after it, article-history.sql.ts: article_history writes the revision and NOTIFYs article_changed
 *   (ArticleChangeListener); and article-purge.sql.ts: http_cache_article queues the surrogate keys
 *   the change affects in http-cache's purge outbox (HttpCachePurger sends them).
 */
@Injectable()
export class ArticleWriter {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ArticlesCacheService,
  ) {}

  /**
   * Runs `work` in a transaction whose changes the trigger records as `actor`'s (and as `action`
   * when given), then drops the public caches once it has committed, so the writer reads its own
   * change at once (ArticleChangeListener covers every other process and SQL run by hand).
   */
  async write<T>(actor: Actor, work: (em: EntityManager) => Promise<T>, action?: string): Promise<T> {
    const result = await this.em.fork().transactional(async (em) => {
      await setActor(em, actor, action);
      return work(em);
    });
    await this.cache.invalidate();
    return result;
  }
}
