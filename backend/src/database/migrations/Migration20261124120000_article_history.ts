import { Migration } from '@mikro-orm/migrations';

/**
 * History written by PostgreSQL itself: every committed insert, update and delete of an article writes
 * an article_revision built from the row as committed, in the same transaction, whoever made the
 * change (the application, a job, recovery, or an operator's hand-run SQL). The application names the
 * actor with `set_config('ai_mind.actor', ..., true)` for its transaction; SQL run by hand is
 * recorded as `sql:<database user>`.
 *
 * Also:
 * - `article.version` counts the changes editors care about; saves carry the version they loaded.
 *   A reader's like, share or comment (a counter moving by one) changes no version and writes no
 *   revision; the revision records how many interaction and comment rows it had counted, so recovery
 *   adds the rows that came after it.
 * - comments and approved topics keep their article id when the article row goes (no cascade, no
 *   set null): recovery brings the article back with its own id, and with it its comments and topic.
 * - every committed change other than a counter NOTIFYs `article_changed`, which each API process
 *   hears to drop its cached pages, whatever made the change.
 */
export class Migration20261124120000_article_history extends Migration {
  override name = 'Migration20261124120000_article_history';

  override up(): void {
    this.addSql(`alter table "article" add column "version" int not null default 1;`);
    this.addSql(`alter table "article_revision"
      add column "actor" varchar(200) not null default 'sql',
      add column "changed" text[] not null default '{}',
      add column "version" int null,
      add column "interactions_through" bigint not null default 0,
      add column "comments_through" bigint not null default 0;`);
    // Earlier revisions were the API's camelCase form; the trigger writes the row's own columns.
    this.addSql(`update "article_revision" set "snapshot" = jsonb_build_object(
      'id', snapshot->'id', 'title', snapshot->'title', 'slug', snapshot->'slug', 'content', snapshot->'content',
      'category', snapshot->'category', 'image_url', snapshot->'imageUrl', 'source_url', snapshot->'sourceUrl',
      'ai_commentary', snapshot->'aiCommentary', 'likes', snapshot->'likes', 'shares', snapshot->'shares',
      'comments', snapshot->'comments', 'approved', snapshot->'approved', 'meta_title', snapshot->'metaTitle',
      'meta_description', snapshot->'metaDescription', 'created_at', snapshot->'createdAt', 'updated_at', snapshot->'updatedAt',
      'version', 1) where snapshot ? 'createdAt';`);
    this.addSql(`alter table "comment" drop constraint if exists "comment_article_id_fkey";`);
    this.addSql(`alter table "approved_topic" drop constraint if exists "approved_topic_article_id_fkey";`);
    this.addSql(`create index if not exists "approved_topic_article_id_index" on "approved_topic" ("article_id");`);

    // The columns of a row that are the article (generated ones are derived from them).
    this.addSql(`create function article_row_json(a article) returns jsonb language sql immutable as $$
      select to_jsonb(a) - 'search_vector' - 'category_slug' $$;`);

    // Columns whose values differ between two versions of a row, besides bookkeeping.
    this.addSql(`create function article_changed_columns(old_row article, new_row article) returns text[] language sql immutable as $$
      select coalesce(array_agg(n.key order by n.key), '{}')
        from jsonb_each(article_row_json(new_row)) n join jsonb_each(article_row_json(old_row)) o using (key)
       where n.value is distinct from o.value and n.key not in ('version', 'updated_at') $$;`);

    // A reader's like, share or comment (or no change at all): nothing but counters changed, each by at
    // most one. Compared as rows, without building JSON: this runs on every like.
    this.addSql(`create function article_is_reader_count(old_row article, new_row article) returns boolean language plpgsql immutable as $$
      declare rest article := new_row;
      begin
        rest.likes := old_row.likes; rest.shares := old_row.shares; rest.comments := old_row.comments;
        rest.updated_at := old_row.updated_at; rest.version := old_row.version;
        rest.search_vector := old_row.search_vector; rest.category_slug := old_row.category_slug;
        return rest is not distinct from old_row
           and abs(new_row.likes - old_row.likes) <= 1 and abs(new_row.shares - old_row.shares) <= 1
           and abs(new_row.comments - old_row.comments) <= 1;
      end $$;`);

    this.addSql(`create function article_before_update() returns trigger language plpgsql as $$
      begin
        if article_is_reader_count(OLD, NEW) then
          NEW.version := OLD.version;
          return NEW;
        end if;
        NEW.version := OLD.version + 1;
        if NEW.updated_at is not distinct from OLD.updated_at then NEW.updated_at := now(); end if;
        return NEW;
      end $$;`);

    this.addSql(`create function article_record_revision() returns trigger language plpgsql as $$
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
      end $$;`);

    this.addSql(`create trigger article_before_update before update on "article" for each row execute function article_before_update();`);
    this.addSql(`create trigger article_history after insert or update or delete on "article" for each row execute function article_record_revision();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists article_history on "article";`);
    this.addSql(`drop trigger if exists article_before_update on "article";`);
    this.addSql(`drop function if exists article_record_revision();`);
    this.addSql(`drop function if exists article_before_update();`);
    this.addSql(`drop function if exists article_is_reader_count(article, article);`);
    this.addSql(`drop function if exists article_changed_columns(article, article);`);
    this.addSql(`drop function if exists article_row_json(article);`);
    this.addSql(
      `alter table "article_revision" drop column "actor", drop column "changed", drop column "version", drop column "interactions_through", drop column "comments_through";`,
    );
    this.addSql(`alter table "article" drop column "version";`);
  }
}
