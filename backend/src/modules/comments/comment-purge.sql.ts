import { cacheKeys } from '../../common/surrogate-keys.js';
import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The HTTP cache purge of comment changes readers can see. This trigger writes another module's
 * table: it queues a row in http-cache's http_cache_purge outbox through its http_cache_queue function
 * (http-cache/purge-queue.sql.ts). The key is spelled by common/surrogate-keys.ts.
 */

/** Every change readers can see of a comment queues its article's key for purging, due in 150 ms. */
const httpCacheCommentChanged: DatabaseFunction = {
  name: 'http_cache_comment_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_comment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array[${cacheKeys.article.sql("case when TG_OP = 'DELETE' then OLD.article_id else NEW.article_id end")}], interval '150 milliseconds');
        return null;
      end $function$
`,
};

/** Queues the HTTP cache purge of comment changes readers can see. */
const httpCacheCommentTrigger: DatabaseTrigger = {
  name: 'http_cache_comment',
  table: 'comment',
  sql: `CREATE TRIGGER http_cache_comment AFTER INSERT OR DELETE OR UPDATE OF author_name, content, ai_response, spam ON public.comment FOR EACH ROW EXECUTE FUNCTION http_cache_comment_changed()`,
};

/** The comment's purge function and trigger. */
export const commentPurgeSql: DatabaseBehaviour = {
  functions: [httpCacheCommentChanged],
  triggers: [httpCacheCommentTrigger],
};
