import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * A comment readers can see changing NOTIFYs article_changed, as an article's own change does
 * (articles' article-history.sql.ts), so the listeners of that channel learn of it.
 */

/** Every change readers can see of a comment NOTIFYs article_changed, as an article's own change does. */
const commentChanged: DatabaseFunction = {
  name: 'comment_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.comment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`,
};

/** NOTIFYs article_changed for comment changes readers can see. */
const commentChangedTrigger: DatabaseTrigger = {
  name: 'comment_changed',
  table: 'comment',
  sql: `CREATE TRIGGER comment_changed AFTER INSERT OR DELETE OR UPDATE OF author_name, content, ai_response, spam ON public.comment FOR EACH ROW EXECUTE FUNCTION comment_changed()`,
};

/** The comment's NOTIFY function and trigger. */
export const commentNotifySql: DatabaseBehaviour = {
  functions: [commentChanged],
  triggers: [commentChangedTrigger],
};
