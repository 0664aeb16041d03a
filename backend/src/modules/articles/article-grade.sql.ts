import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The grade history's one rule the database keeps itself: each change names the grade it changed from,
 * read here from the row before it (never taken from the writer), so the article_grade_change_differs
 * check refuses a "change" to the grade the article already had, whoever inserts it, and the unique
 * (article_id, seq) lets only one writer record the change at each place in an article's history.
 */

/** Fills a new change's previous_grade from the change before it (seq - 1); refuses a gap in the sequence. */
const articleGradeChangePrevious: DatabaseFunction = {
  name: 'article_grade_change_previous',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_grade_change_previous()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if NEW.seq = 1 then
          NEW.previous_grade := null;
          return NEW;
        end if;
        select g.grade into NEW.previous_grade from article_grade_change g where g.article_id = NEW.article_id and g.seq = NEW.seq - 1;
        if NEW.previous_grade is null then
          raise exception 'article % has no grade change %', NEW.article_id, NEW.seq - 1 using errcode = '23514';
        end if;
        return NEW;
      end $function$
`,
};

const articleGradeChangePreviousTrigger: DatabaseTrigger = {
  name: 'article_grade_change_previous',
  table: 'article_grade_change',
  sql: `CREATE TRIGGER article_grade_change_previous BEFORE INSERT ON public.article_grade_change FOR EACH ROW EXECUTE FUNCTION article_grade_change_previous()`,
};

/** The grade history's function and trigger (assembled in app/database-behaviour.ts). */
export const articleGradeSql: DatabaseBehaviour = {
  functions: [articleGradeChangePrevious],
  triggers: [articleGradeChangePreviousTrigger],
};
