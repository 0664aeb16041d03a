import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The article's history, written by the database: every committed change of an article becomes an
 * article_revision row (this module's table) and a NOTIFY article_changed, whatever wrote it. It reads
 * the interaction and comment tables (the counters a revision includes) but writes neither.
 */

/** Every committed change of an article but a reader's count writes an article_revision (who, what changed, the row as committed, the counters it included) and NOTIFYs article_changed. */
const articleRecordRevision: DatabaseFunction = {
  name: 'article_record_revision',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_record_revision()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      declare
        row_now article := case when TG_OP = 'DELETE' then OLD else NEW end;
        changed text[];
        action text;
      begin
        if TG_OP = 'UPDATE' then
          if article_is_reader_count(OLD, NEW) then return null; end if;
          changed := article_changed_columns(OLD, NEW);
          if changed = '{}' then return null; end if;
          action := case when 'approved' = any(changed) then case when NEW.approved then 'publish' else 'unpublish' end else 'update' end;
        elsif TG_OP = 'INSERT' then
          changed := array(select jsonb_object_keys(article_row_json(NEW)) order by 1);
          action := 'create';
        else
          changed := '{}';
          action := 'delete';
        end if;
        action := coalesce(nullif(current_setting('ai_mind.action', true), ''), action);
        insert into article_revision (article_id, slug, action, snapshot, created_at, actor, changed, version, interactions_through, comments_through)
        values (row_now.id, row_now.slug, action, article_row_json(row_now), now(),
                coalesce(nullif(current_setting('ai_mind.actor', true), ''), 'sql:' || current_user), changed, row_now.version,
                (select coalesce(max(i.id), 0) from interaction i where i.article_id = row_now.id),
                (select coalesce(max(c.id), 0) from comment c where c.article_id = row_now.id));
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`,
};

/** A revision keeps the note of its transaction's review step (`ai_mind.note`) unless it was given one. */
const articleRevisionNote: DatabaseFunction = {
  name: 'article_revision_note',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_revision_note()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        NEW.note := coalesce(NEW.note, nullif(current_setting('ai_mind.note', true), ''));
        return NEW;
      end $function$
`,
};

/** Writes the revision and NOTIFYs article_changed after every insert, update and delete. */
const articleHistoryTrigger: DatabaseTrigger = {
  name: 'article_history',
  table: 'article',
  sql: `CREATE TRIGGER article_history AFTER INSERT OR DELETE OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_record_revision()`,
};

/** Adds the transaction's review note to every revision. */
const articleRevisionNoteTrigger: DatabaseTrigger = {
  name: 'article_revision_note',
  table: 'article_revision',
  sql: `CREATE TRIGGER article_revision_note BEFORE INSERT ON public.article_revision FOR EACH ROW EXECUTE FUNCTION article_revision_note()`,
};

/** The revisions' functions and triggers (they use article_row_json and friends of article-columns.sql.ts). */
export const articleHistorySql: DatabaseBehaviour = {
  functions: [articleRecordRevision, articleRevisionNote],
  triggers: [articleHistoryTrigger, articleRevisionNoteTrigger],
};
