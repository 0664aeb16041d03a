import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * What PostgreSQL keeps of an article's own columns on every write, whoever writes: the search
 * document, the version and updated_at, approved and stage in step, and the shape of correction notes
 * (the article_corrections_check of article.entity.ts). The helpers article_row_json and
 * article_is_reader_count are shared with article-history.sql.ts and article-purge.sql.ts.
 */

/** An article row's own columns as JSON (the generated and trigger-kept ones left out): what a revision's snapshot holds. */
const articleRowJson: DatabaseFunction = {
  name: 'article_row_json',
  args: 'a article',
  sql: `CREATE OR REPLACE FUNCTION public.article_row_json(a article)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
      select to_jsonb(a) - 'search_vector' - 'category_slug' $function$
`,
};

/** The article columns whose values differ between two versions of a row, bookkeeping (version, updated_at) left out. */
const articleChangedColumns: DatabaseFunction = {
  name: 'article_changed_columns',
  args: 'old_row article, new_row article',
  sql: `CREATE OR REPLACE FUNCTION public.article_changed_columns(old_row article, new_row article)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
      select coalesce(array_agg(n.key order by n.key), '{}')
        from jsonb_each(article_row_json(new_row)) n join jsonb_each(article_row_json(old_row)) o using (key)
       where n.value is distinct from o.value and n.key not in ('version', 'updated_at') $function$
`,
};

/** True when an update changed nothing but a reader's counts: each counter by at most one, or likes and shares up by any amount in a statement that set `ai_mind.reader_counts` to 'on'. */
const articleIsReaderCount: DatabaseFunction = {
  name: 'article_is_reader_count',
  args: 'old_row article, new_row article',
  sql: `CREATE OR REPLACE FUNCTION public.article_is_reader_count(old_row article, new_row article)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
      declare rest article := new_row;
      begin
        rest.likes := old_row.likes; rest.shares := old_row.shares; rest.comments := old_row.comments;
        rest.updated_at := old_row.updated_at; rest.version := old_row.version;
        rest.search_vector := old_row.search_vector; rest.category_slug := old_row.category_slug;
        return rest is not distinct from old_row
           and ((abs(new_row.likes - old_row.likes) <= 1 and abs(new_row.shares - old_row.shares) <= 1
                 and abs(new_row.comments - old_row.comments) <= 1)
                or (coalesce(current_setting('ai_mind.reader_counts', true), '') = 'on'
                    and new_row.likes >= old_row.likes and new_row.shares >= old_row.shares and new_row.comments = old_row.comments));
      end $function$
`,
};

/** The article_corrections_check: every correction note has a kind (correction or update), a text, an id and a time. */
const articleCorrectionsValid: DatabaseFunction = {
  name: 'article_corrections_valid',
  args: 'notes jsonb',
  sql: `CREATE OR REPLACE FUNCTION public.article_corrections_valid(notes jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
      select jsonb_typeof(notes) = 'array' and coalesce((
        select bool_and(jsonb_typeof(n) = 'object'
          and n->>'kind' in ('correction', 'update')
          and length(btrim(coalesce(n->>'text', ''))) > 0
          and length(coalesce(n->>'id', '')) > 0
          and (n->>'createdAt') is not null)
          from jsonb_array_elements(case when jsonb_typeof(notes) = 'array' then notes else '[]'::jsonb end) n), true) $function$
`,
};

/** The weighted full-text document (title A, AI commentary B, body C), recomputed only when one of those columns is written. */
const articleSearchVector: DatabaseFunction = {
  name: 'article_search_vector',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_search_vector()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        NEW.search_vector := setweight(to_tsvector('english'::regconfig, coalesce(NEW.title, '')), 'A')
          || setweight(to_tsvector('english'::regconfig, coalesce(NEW.ai_commentary, '')), 'B')
          || setweight(to_tsvector('english'::regconfig, NEW.content), 'C');
        return NEW;
      end $function$
`,
};

/** `version` moves on by one with every change but a reader's count, and `updated_at` with it unless the statement set it. */
const articleBeforeUpdate: DatabaseFunction = {
  name: 'article_before_update',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_before_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if article_is_reader_count(OLD, NEW) then
          NEW.version := OLD.version;
          return NEW;
        end if;
        NEW.version := OLD.version + 1;
        if NEW.updated_at is not distinct from OLD.updated_at then NEW.updated_at := now(); end if;
        return NEW;
      end $function$
`,
};

/** `approved` is true exactly when the stage is published: a write that moves only one of the two moves the other (and leaving the schedule clears scheduled_at). */
const articleStageFollowsApproved: DatabaseFunction = {
  name: 'article_stage_follows_approved',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_stage_follows_approved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if TG_OP = 'INSERT' then
          if NEW.approved and NEW.stage = 'draft' then NEW.stage := 'published'; end if;
        elsif NEW.approved is distinct from OLD.approved and NEW.stage is not distinct from OLD.stage then
          NEW.stage := case when NEW.approved then 'published' else 'draft' end;
          NEW.scheduled_at := null;
        elsif NEW.stage is distinct from OLD.stage and NEW.approved is not distinct from OLD.approved then
          NEW.approved := NEW.stage = 'published';
        end if;
        return NEW;
      end $function$
`,
};

/** Keeps search_vector: before an insert, or an update of the title, AI commentary or body. */
const articleSearchVectorTrigger: DatabaseTrigger = {
  name: 'article_search_vector',
  table: 'article',
  sql: `CREATE TRIGGER article_search_vector BEFORE INSERT OR UPDATE OF title, ai_commentary, content ON public.article FOR EACH ROW EXECUTE FUNCTION article_search_vector()`,
};

/** Moves version and updated_at before every update. */
const articleBeforeUpdateTrigger: DatabaseTrigger = {
  name: 'article_before_update',
  table: 'article',
  sql: `CREATE TRIGGER article_before_update BEFORE UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_before_update()`,
};

/** Keeps approved and stage in step before every insert and update. */
const articleStageFollowsApprovedTrigger: DatabaseTrigger = {
  name: 'article_stage_follows_approved',
  table: 'article',
  sql: `CREATE TRIGGER article_stage_follows_approved BEFORE INSERT OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_stage_follows_approved()`,
};

/** The article's column rules, functions in the order they are created (an SQL function's body is checked then). */
export const articleColumnsSql: DatabaseBehaviour = {
  functions: [
    articleRowJson,
    articleChangedColumns,
    articleIsReaderCount,
    articleCorrectionsValid,
    articleSearchVector,
    articleBeforeUpdate,
    articleStageFollowsApproved,
  ],
  triggers: [articleSearchVectorTrigger, articleBeforeUpdateTrigger, articleStageFollowsApprovedTrigger],
};
