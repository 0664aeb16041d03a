/**
 * The database's behaviour, declared once: every function and trigger PostgreSQL has, exactly as
 * `pg_get_functiondef` / `pg_get_triggerdef` print them (test/schema-drift.spec.ts compares them
 * byte for byte). Earlier migrations defined and redefined these bodies as the behaviour grew; the
 * schema_functions migration applies this file, so a fresh database and an existing one end the same.
 * To change a behaviour, edit it here and add a migration that applies databaseFunctionsSql() again.
 *
 * Functions come in dependency order (an SQL function's body is checked when it is created).
 */

/** A function, by name and identity arguments, as PostgreSQL prints it. */
export interface DatabaseFunction {
  name: string;
  args: string;
  sql: string;
}

/** A trigger on a table, as PostgreSQL prints it; PostgreSQL fires a table's triggers of one timing in name order. */
export interface DatabaseTrigger {
  name: string;
  table: string;
  sql: string;
}

/** An article row's own columns as JSON (the generated and trigger-kept ones left out): what a revision's snapshot holds. */
export const articleRowJson: DatabaseFunction = {
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
export const articleChangedColumns: DatabaseFunction = {
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
export const articleIsReaderCount: DatabaseFunction = {
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
export const articleCorrectionsValid: DatabaseFunction = {
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
export const articleSearchVector: DatabaseFunction = {
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
export const articleBeforeUpdate: DatabaseFunction = {
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
export const articleStageFollowsApproved: DatabaseFunction = {
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

/** Every committed change of an article but a reader's count writes an article_revision (who, what changed, the row as committed, the counters it included) and NOTIFYs article_changed. */
export const articleRecordRevision: DatabaseFunction = {
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
export const articleRevisionNote: DatabaseFunction = {
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

/** Every change readers can see of a comment NOTIFYs article_changed, as an article's own change does. */
export const commentChanged: DatabaseFunction = {
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

/** The daily page-view rollups (total, source, country, published article, its category) grow in the statement that inserts the views, rows taken in key order. */
export const pageViewRollup: DatabaseFunction = {
  name: 'page_view_rollup',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.page_view_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        insert into page_view_daily (day, views)
          select (created_at at time zone 'UTC')::date, count(*) from new_views group by 1 order by 1
          on conflict (day) do update set views = page_view_daily.views + excluded.views;
        insert into page_view_daily_source (day, source, views)
          select (created_at at time zone 'UTC')::date, source, count(*) from new_views group by 1, 2 order by 1, 2
          on conflict (day, source) do update set views = page_view_daily_source.views + excluded.views;
        insert into page_view_daily_country (day, country, views)
          select (created_at at time zone 'UTC')::date, coalesce(country, ''), count(*) from new_views group by 1, 2 order by 1, 2
          on conflict (day, country) do update set views = page_view_daily_country.views + excluded.views;
        with viewed as (select (v.created_at at time zone 'UTC')::date as day, a.id as article_id, a.category from new_views v join article a on a.slug = substring(v.path from '^/(?:[^/]+/)?article/([^/?#]+)/?$') and a.approved),
        by_article as (
          insert into page_view_daily_article (day, article_id, views)
            select day, article_id, count(*) from viewed group by 1, 2 order by 1, 2
            on conflict (day, article_id) do update set views = page_view_daily_article.views + excluded.views
        )
        insert into page_view_daily_category (day, category, views)
          select day, category, count(*) from viewed group by 1, 2 order by 1, 2
          on conflict (day, category) do update set views = page_view_daily_category.views + excluded.views;
        return null;
      end $function$
`,
};

/** Writes one due purge of the given surrogate keys to the http_cache_purge outbox and NOTIFYs http_cache_purge; nothing when there are no keys. */
export const httpCacheQueue: DatabaseFunction = {
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

/** The surrogate keys an article change affects: none for a draft before and after, `counts-<id>` alone for a reader's count (its own page and JSON, no list), else `article-<id>` and more as its lists, feeds and search may change. */
export const httpCacheArticleKeys: DatabaseFunction = {
  name: 'http_cache_article_keys',
  args: 'op text, old_row article, new_row article',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_article_keys(op text, old_row article, new_row article)
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE
AS $function$
      declare
        was_public boolean := op <> 'INSERT' and old_row.approved;
        is_public boolean := op <> 'DELETE' and new_row.approved;
        keys text[];
      begin
        if not coalesce(was_public, false) and not coalesce(is_public, false) then return '{}'; end if;
        -- A like or a share purges no list: lists show counts within their short shared lifetime.
        if op = 'UPDATE' and article_is_reader_count(old_row, new_row) then return array['counts-' || new_row.id]; end if;
        keys := array['article-' || case when op = 'DELETE' then old_row.id else new_row.id end];
        keys := keys || array['sitemap', 'rss', 'search'];
        -- The corrections list shows every published article with notes, by title.
        if (op <> 'INSERT' and old_row.corrections <> '[]'::jsonb) or (op <> 'DELETE' and new_row.corrections <> '[]'::jsonb) then
          keys := keys || array['corrections'];
        end if;
        if op <> 'UPDATE' or old_row.approved is distinct from new_row.approved
           or old_row.category_slug is distinct from new_row.category_slug
           or old_row.created_at is distinct from new_row.created_at then
          keys := keys || array['newest'];
          if was_public then keys := keys || ('category-' || old_row.category_slug); end if;
          if is_public then keys := keys || ('category-' || new_row.category_slug); end if;
        end if;
        return array(select distinct k from unnest(keys) k order by k);
      end $function$
`,
};

/** Every article change queues its surrogate keys for purging, due once every API process shows it (400 ms for a reader's count, else 150 ms). */
export const httpCacheArticleChanged: DatabaseFunction = {
  name: 'http_cache_article_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_article_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(http_cache_article_keys(TG_OP, OLD, NEW),
          case when TG_OP = 'UPDATE' and article_is_reader_count(OLD, NEW) then interval '400 milliseconds' else interval '150 milliseconds' end);
        return null;
      end $function$
`,
};

/** Every change readers can see of a comment queues its article's key for purging, due in 150 ms. */
export const httpCacheCommentChanged: DatabaseFunction = {
  name: 'http_cache_comment_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_comment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array['article-' || case when TG_OP = 'DELETE' then OLD.article_id else NEW.article_id end], interval '150 milliseconds');
        return null;
      end $function$
`,
};

/** Every statement changing trending topics queues the `trending` key, due once API processes let go of the feed they reuse (600 ms). */
export const httpCacheTrendingChanged: DatabaseFunction = {
  name: 'http_cache_trending_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.http_cache_trending_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array['trending'], interval '600 milliseconds');
        return null;
      end $function$
`,
};

/** Keeps search_vector: before an insert, or an update of the title, AI commentary or body. */
export const articleSearchVectorTrigger: DatabaseTrigger = {
  name: 'article_search_vector',
  table: 'article',
  sql: `CREATE TRIGGER article_search_vector BEFORE INSERT OR UPDATE OF title, ai_commentary, content ON public.article FOR EACH ROW EXECUTE FUNCTION article_search_vector()`,
};

/** Moves version and updated_at before every update. */
export const articleBeforeUpdateTrigger: DatabaseTrigger = {
  name: 'article_before_update',
  table: 'article',
  sql: `CREATE TRIGGER article_before_update BEFORE UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_before_update()`,
};

/** Keeps approved and stage in step before every insert and update. */
export const articleStageFollowsApprovedTrigger: DatabaseTrigger = {
  name: 'article_stage_follows_approved',
  table: 'article',
  sql: `CREATE TRIGGER article_stage_follows_approved BEFORE INSERT OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_stage_follows_approved()`,
};

/** Writes the revision and NOTIFYs article_changed after every insert, update and delete. */
export const articleHistoryTrigger: DatabaseTrigger = {
  name: 'article_history',
  table: 'article',
  sql: `CREATE TRIGGER article_history AFTER INSERT OR DELETE OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_record_revision()`,
};

/** Queues the HTTP cache purge of every article change. */
export const httpCacheArticleTrigger: DatabaseTrigger = {
  name: 'http_cache_article',
  table: 'article',
  sql: `CREATE TRIGGER http_cache_article AFTER INSERT OR DELETE OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION http_cache_article_changed()`,
};

/** Adds the transaction's review note to every revision. */
export const articleRevisionNoteTrigger: DatabaseTrigger = {
  name: 'article_revision_note',
  table: 'article_revision',
  sql: `CREATE TRIGGER article_revision_note BEFORE INSERT ON public.article_revision FOR EACH ROW EXECUTE FUNCTION article_revision_note()`,
};

/** NOTIFYs article_changed for comment changes readers can see. */
export const commentChangedTrigger: DatabaseTrigger = {
  name: 'comment_changed',
  table: 'comment',
  sql: `CREATE TRIGGER comment_changed AFTER INSERT OR DELETE OR UPDATE OF author_name, content, ai_response, spam ON public.comment FOR EACH ROW EXECUTE FUNCTION comment_changed()`,
};

/** Queues the HTTP cache purge of comment changes readers can see. */
export const httpCacheCommentTrigger: DatabaseTrigger = {
  name: 'http_cache_comment',
  table: 'comment',
  sql: `CREATE TRIGGER http_cache_comment AFTER INSERT OR DELETE OR UPDATE OF author_name, content, ai_response, spam ON public.comment FOR EACH ROW EXECUTE FUNCTION http_cache_comment_changed()`,
};

/** Rolls up each statement's inserted page views. */
export const pageViewRollupTrigger: DatabaseTrigger = {
  name: 'page_view_rollup',
  table: 'page_view',
  sql: `CREATE TRIGGER page_view_rollup AFTER INSERT ON public.page_view REFERENCING NEW TABLE AS new_views FOR EACH STATEMENT EXECUTE FUNCTION page_view_rollup()`,
};

/** Queues the HTTP cache purge of trending topic changes, once per statement. */
export const httpCacheTrendingTrigger: DatabaseTrigger = {
  name: 'http_cache_trending',
  table: 'trending_topic',
  sql: `CREATE TRIGGER http_cache_trending AFTER INSERT OR DELETE OR UPDATE ON public.trending_topic FOR EACH STATEMENT EXECUTE FUNCTION http_cache_trending_changed()`,
};

/** Every function, in the order they are created. */
export const DATABASE_FUNCTIONS: readonly DatabaseFunction[] = [
  articleRowJson,
  articleChangedColumns,
  articleIsReaderCount,
  articleCorrectionsValid,
  articleSearchVector,
  articleBeforeUpdate,
  articleStageFollowsApproved,
  articleRecordRevision,
  articleRevisionNote,
  commentChanged,
  pageViewRollup,
  httpCacheQueue,
  httpCacheArticleKeys,
  httpCacheArticleChanged,
  httpCacheCommentChanged,
  httpCacheTrendingChanged,
];

/** Every trigger. */
export const DATABASE_TRIGGERS: readonly DatabaseTrigger[] = [
  articleSearchVectorTrigger,
  articleBeforeUpdateTrigger,
  articleStageFollowsApprovedTrigger,
  articleHistoryTrigger,
  httpCacheArticleTrigger,
  articleRevisionNoteTrigger,
  commentChangedTrigger,
  httpCacheCommentTrigger,
  pageViewRollupTrigger,
  httpCacheTrendingTrigger,
];

/**
 * The statements that bring a database's functions and triggers to this file, whatever bodies they
 * had: every function created or replaced, every trigger dropped if present and created again. (A
 * function or trigger no longer here needs its own drop; schema-drift.spec names any left over.)
 */
export function databaseFunctionsSql(): string[] {
  return [
    ...DATABASE_FUNCTIONS.map((fn) => fn.sql),
    ...DATABASE_TRIGGERS.flatMap((trigger) => [`drop trigger if exists "${trigger.name}" on "${trigger.table}";`, trigger.sql]),
  ];
}

/**
 * A table's triggers for its entity's `triggers`, so the ORM's schema diff knows them (and would
 * name one missing or extra). As raw DDL: the ORM would otherwise create a function of its own per
 * trigger, and compares a raw trigger by name only; schema-drift.spec compares the definitions.
 */
export function triggersOf(table: string) {
  return DATABASE_TRIGGERS.filter((trigger) => trigger.table === table).map((trigger) => {
    const [, timing, events, forEach] = /^CREATE TRIGGER \S+ (BEFORE|AFTER|INSTEAD OF) (.+?) ON .+ FOR EACH (ROW|STATEMENT) /.exec(trigger.sql)!;
    return {
      name: trigger.name,
      timing: timing.toLowerCase() as 'before' | 'after' | 'instead of',
      events: events.split(' OR ').map((event) => event.split(' ')[0].toLowerCase() as 'insert' | 'update' | 'delete' | 'truncate'),
      forEach: forEach.toLowerCase() as 'row' | 'statement',
      expression: trigger.sql,
    };
  });
}
