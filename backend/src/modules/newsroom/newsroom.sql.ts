import { cacheKeys, sqlKey } from '../../common/surrogate-keys.js';
import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The newsroom's pages, kept current by the database whoever writes them (the admin, the demo seed,
 * SQL by hand): every change of a text writes its revision; every change of a text or of the masthead
 * queues the purge of the pages that show it (http-cache's http_cache_queue, this module's key) and
 * NOTIFYs article_changed, the channel on which every API process drops its rendered pages
 * (ArticleChangeListener: the page cache is one generation for all published content).
 */

/** The surrogate key of every newsroom page and its API answer. */
export const NEWSROOM_CACHE_KEY = cacheKeys.named('newsroom');

/** Keeps each version of a text (newsroom_page_revision), then purges and announces the change. */
const newsroomPageChanged: DatabaseFunction = {
  name: 'newsroom_page_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.newsroom_page_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if TG_OP <> 'DELETE' then
          insert into newsroom_page_revision (page_key, body, changed_at, changed_by)
          values (NEW.key, NEW.body, NEW.updated_at, NEW.updated_by);
        end if;
        perform http_cache_queue(array[${sqlKey(NEWSROOM_CACHE_KEY)}], interval '150 milliseconds');
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`,
};

/** A masthead change purges and announces the newsroom's pages, once per statement. */
const mastheadChanged: DatabaseFunction = {
  name: 'masthead_entry_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.masthead_entry_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array[${sqlKey(NEWSROOM_CACHE_KEY)}], interval '150 milliseconds');
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`,
};

const newsroomPageTrigger: DatabaseTrigger = {
  name: 'newsroom_page_history',
  table: 'newsroom_page',
  sql: `CREATE TRIGGER newsroom_page_history AFTER INSERT OR DELETE OR UPDATE ON public.newsroom_page FOR EACH ROW EXECUTE FUNCTION newsroom_page_changed()`,
};

const mastheadTrigger: DatabaseTrigger = {
  name: 'masthead_entry_changed',
  table: 'masthead_entry',
  sql: `CREATE TRIGGER masthead_entry_changed AFTER INSERT OR DELETE OR UPDATE ON public.masthead_entry FOR EACH STATEMENT EXECUTE FUNCTION masthead_entry_changed()`,
};

/** The newsroom's functions and triggers (assembled in app/database-behaviour.ts). */
export const newsroomSql: DatabaseBehaviour = {
  functions: [newsroomPageChanged, mastheadChanged],
  triggers: [newsroomPageTrigger, mastheadTrigger],
};
