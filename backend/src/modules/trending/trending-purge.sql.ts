import { cacheKeys, sqlKey } from '../../common/surrogate-keys.js';
import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The HTTP cache purge of trending topic changes. This trigger writes another module's table: it
 * queues a row in http-cache's http_cache_purge outbox through its http_cache_queue function
 * (http-cache/purge-queue.sql.ts). The key is spelled by common/surrogate-keys.ts.
 */

/** Every statement changing trending topics queues the `trending` key, due once API processes let go of the feed they reuse (600 ms). */
const httpCacheTrendingChanged: DatabaseFunction = {
  name: 'http_cache_trending_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_trending_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array[${sqlKey(cacheKeys.trending)}], interval '600 milliseconds');
        return null;
      end $function$
`,
};

/** Queues the HTTP cache purge of trending topic changes, once per statement. */
const httpCacheTrendingTrigger: DatabaseTrigger = {
  name: 'http_cache_trending',
  table: 'trending_topic',
  sql: `CREATE TRIGGER http_cache_trending AFTER INSERT OR DELETE OR UPDATE ON public.trending_topic FOR EACH STATEMENT EXECUTE FUNCTION http_cache_trending_changed()`,
};

/** The trending topics' purge function and trigger. */
export const trendingPurgeSql: DatabaseBehaviour = {
  functions: [httpCacheTrendingChanged],
  triggers: [httpCacheTrendingTrigger],
};
