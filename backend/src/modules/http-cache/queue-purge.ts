import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Queues a purge of `keys` (cacheKeys in common/surrogate-keys.ts) in the purge outbox, as part of
 * the caller's transaction when `em` is inside one: the purge is sent only if the change commits, by
 * one API process, within about a second. Tables whose rows public answers show can instead queue from
 * a trigger, as the article, comment and trending tables do (http_cache_queue(keys, delay)).
 */
export async function queuePurge(em: EntityManager, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  // Raw: a call of the database function the triggers share (http_cache_queue in purge-queue.sql.ts), not a query of a table.
  await em.execute(`select http_cache_queue(string_to_array(?, ' '), interval '0')`, [keys.join(' ')]);
}
