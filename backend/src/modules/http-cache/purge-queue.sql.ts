import type { DatabaseBehaviour, DatabaseFunction } from '../../database/schema/functions.js';

/*
 * The purge outbox's one writer in SQL: queuePurge (queue-purge.ts) calls it in the caller's
 * transaction, and the purge triggers of other modules call it on their tables' changes (articles'
 * article-purge.sql.ts, comments' comment-purge.sql.ts, trending's trending-purge.sql.ts).
 */

/** Writes one due purge of the given surrogate keys to the http_cache_purge outbox and NOTIFYs http_cache_purge; nothing when there are no keys. */
const httpCacheQueue: DatabaseFunction = {
  name: 'http_cache_queue',
  args: 'keys text[], delay interval',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_queue(keys text[], delay interval)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      begin
        if cardinality(keys) = 0 then return; end if;
        insert into http_cache_purge (keys, due_at) values (keys, clock_timestamp() + delay);
        perform pg_notify('http_cache_purge', '');
      end $function$
`,
};

/** The outbox's queue function (no trigger of its own). */
export const purgeQueueSql: DatabaseBehaviour = {
  functions: [httpCacheQueue],
  triggers: [],
};
