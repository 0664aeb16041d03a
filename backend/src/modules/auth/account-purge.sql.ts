import { cacheKeys, sqlKey } from '../../common/surrogate-keys.js';
import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The public masthead (modules/newsroom) names accounts by their display name, and only active ones:
 * a change of either purges the newsroom pages' key (http-cache's http_cache_queue) and NOTIFYs
 * article_changed, on which every API process drops the pages it rendered. Sign-ins and password
 * changes touch neither column, so they purge nothing.
 */

/** An account's name or status changed: the masthead may show it. */
const accountMastheadChanged: DatabaseFunction = {
  name: 'admin_user_masthead_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.admin_user_masthead_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array[${sqlKey(cacheKeys.named('newsroom'))}], interval '150 milliseconds');
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`,
};

const accountMastheadTrigger: DatabaseTrigger = {
  name: 'admin_user_masthead',
  table: 'admin_user',
  sql: `CREATE TRIGGER admin_user_masthead AFTER UPDATE OF display_name, status ON public.admin_user FOR EACH STATEMENT EXECUTE FUNCTION admin_user_masthead_changed()`,
};

/** The accounts' purge of the masthead (assembled in app/database-behaviour.ts). */
export const accountPurgeSql: DatabaseBehaviour = {
  functions: [accountMastheadChanged],
  triggers: [accountMastheadTrigger],
};
