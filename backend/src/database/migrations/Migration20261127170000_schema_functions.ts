import { Migration } from '@mikro-orm/migrations';

/**
 * Every function and trigger, from the point where their definitions moved out of the migrations
 * into one declaration (now the modules' *.sql.ts files, assembled in app/database-behaviour.ts). It
 * changed nothing a migrated database did: it holds the bodies the earlier migrations left, as
 * PostgreSQL prints them. Idempotent: functions are created or replaced, triggers dropped if present
 * and created again, in this one transaction.
 *
 * The statements are written out below because a migration's effect never changes after it has run.
 * They are the ones this migration applied until the declarations moved into the modules: the
 * behaviour as of reader_counts_purge_no_list (20261129050000, which applies them again), so a fresh
 * database runs the same statements it always did. Never edit them: a change of behaviour is a
 * migration of its own.
 */
export class Migration20261127170000_schema_functions extends Migration {
  override name = 'Migration20261127170000_schema_functions';

  override up(): void {
    for (const statement of SCHEMA_FUNCTIONS_SQL) this.addSql(statement);
  }

  // Nothing to undo: the definitions are the ones the earlier migrations had made.
  override down(): void {}
}

/** The statements, functions first (in dependency order: an SQL function's body is checked when it is created), then each trigger dropped and created. */
export const SCHEMA_FUNCTIONS_SQL: readonly string[] = [
  `CREATE OR REPLACE FUNCTION public.article_row_json(a article)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
      select to_jsonb(a) - 'search_vector' - 'category_slug' $function$
`,
  `CREATE OR REPLACE FUNCTION public.article_changed_columns(old_row article, new_row article)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
      select coalesce(array_agg(n.key order by n.key), '{}')
        from jsonb_each(article_row_json(new_row)) n join jsonb_each(article_row_json(old_row)) o using (key)
       where n.value is distinct from o.value and n.key not in ('version', 'updated_at') $function$
`,
  `CREATE OR REPLACE FUNCTION public.article_is_reader_count(old_row article, new_row article)
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
  `CREATE OR REPLACE FUNCTION public.article_corrections_valid(notes jsonb)
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
  `CREATE OR REPLACE FUNCTION public.article_search_vector()
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
  `CREATE OR REPLACE FUNCTION public.article_before_update()
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
  `CREATE OR REPLACE FUNCTION public.article_stage_follows_approved()
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
  `CREATE OR REPLACE FUNCTION public.article_record_revision()
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
  `CREATE OR REPLACE FUNCTION public.article_revision_note()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        NEW.note := coalesce(NEW.note, nullif(current_setting('ai_mind.note', true), ''));
        return NEW;
      end $function$
`,
  `CREATE OR REPLACE FUNCTION public.comment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform pg_notify('article_changed', '');
        return null;
      end $function$
`,
  `CREATE OR REPLACE FUNCTION public.page_view_rollup()
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
  `CREATE OR REPLACE FUNCTION public.http_cache_queue(keys text[], delay interval)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      begin
        if cardinality(keys) = 0 then return; end if;
        insert into http_cache_purge (keys, due_at) values (keys, clock_timestamp() + delay);
        perform pg_notify('http_cache_purge', '');
      end $function$
`,
  `CREATE OR REPLACE FUNCTION public.http_cache_article_keys(op text, old_row article, new_row article)
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
  `CREATE OR REPLACE FUNCTION public.http_cache_article_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(http_cache_article_keys(TG_OP, OLD, NEW),
          case when TG_OP = 'UPDATE' and article_is_reader_count(OLD, NEW) then interval '400 milliseconds' else interval '150 milliseconds' end);
        return null;
      end $function$
`,
  `CREATE OR REPLACE FUNCTION public.http_cache_comment_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array['article-' || case when TG_OP = 'DELETE' then OLD.article_id else NEW.article_id end], interval '150 milliseconds');
        return null;
      end $function$
`,
  `CREATE OR REPLACE FUNCTION public.http_cache_trending_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(array['trending'], interval '600 milliseconds');
        return null;
      end $function$
`,
  `drop trigger if exists "article_search_vector" on "article";`,
  `CREATE TRIGGER article_search_vector BEFORE INSERT OR UPDATE OF title, ai_commentary, content ON public.article FOR EACH ROW EXECUTE FUNCTION article_search_vector()`,
  `drop trigger if exists "article_before_update" on "article";`,
  `CREATE TRIGGER article_before_update BEFORE UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_before_update()`,
  `drop trigger if exists "article_stage_follows_approved" on "article";`,
  `CREATE TRIGGER article_stage_follows_approved BEFORE INSERT OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_stage_follows_approved()`,
  `drop trigger if exists "article_history" on "article";`,
  `CREATE TRIGGER article_history AFTER INSERT OR DELETE OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_record_revision()`,
  `drop trigger if exists "http_cache_article" on "article";`,
  `CREATE TRIGGER http_cache_article AFTER INSERT OR DELETE OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION http_cache_article_changed()`,
  `drop trigger if exists "article_revision_note" on "article_revision";`,
  `CREATE TRIGGER article_revision_note BEFORE INSERT ON public.article_revision FOR EACH ROW EXECUTE FUNCTION article_revision_note()`,
  `drop trigger if exists "comment_changed" on "comment";`,
  `CREATE TRIGGER comment_changed AFTER INSERT OR DELETE OR UPDATE OF author_name, content, ai_response, spam ON public.comment FOR EACH ROW EXECUTE FUNCTION comment_changed()`,
  `drop trigger if exists "http_cache_comment" on "comment";`,
  `CREATE TRIGGER http_cache_comment AFTER INSERT OR DELETE OR UPDATE OF author_name, content, ai_response, spam ON public.comment FOR EACH ROW EXECUTE FUNCTION http_cache_comment_changed()`,
  `drop trigger if exists "page_view_rollup" on "page_view";`,
  `CREATE TRIGGER page_view_rollup AFTER INSERT ON public.page_view REFERENCING NEW TABLE AS new_views FOR EACH STATEMENT EXECUTE FUNCTION page_view_rollup()`,
  `drop trigger if exists "http_cache_trending" on "trending_topic";`,
  `CREATE TRIGGER http_cache_trending AFTER INSERT OR DELETE OR UPDATE ON public.trending_topic FOR EACH STATEMENT EXECUTE FUNCTION http_cache_trending_changed()`,
];
