import { Migration } from '@mikro-orm/migrations';

/**
 * Stories (modules/stories): a story per approved topic, joined by the article written from it; the
 * moments a reader should hear of (publication_event: a first publication, each update or correction
 * note), written by a trigger on article that NOTIFYs `publication_event`; the reports that arrive on a
 * story with each trending refresh. Backfills the stories of the topics approved so far and the
 * publication events of the articles published so far. The functions and triggers are written out as
 * stories.sql.ts declares them today.
 */
export class Migration20261129130000_stories extends Migration {
  override name = 'Migration20261129130000_stories';

  override up(): void {
    this.addSql(`create table "story" (
      "id" serial primary key,
      "slug" varchar(200) not null,
      "title" varchar(300) not null,
      "category" varchar(100) not null,
      "status" text not null default 'developing',
      "approved_topic_id" int null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "story_slug_unique" unique ("slug"),
      constraint "story_approved_topic_id_unique" unique ("approved_topic_id"),
      constraint "story_approved_topic_id_fkey" foreign key ("approved_topic_id") references "approved_topic" ("id") on update no action on delete set null,
      constraint "story_status_check" check (status in ('developing', 'settled')));`);
    this.addSql(`create table "story_article" (
      "article_id" int not null,
      "story_id" int not null,
      "joined_at" timestamptz not null default now(),
      constraint "story_article_pkey" primary key ("article_id"),
      constraint "story_article_article_id_fkey" foreign key ("article_id") references "article" ("id") on update no action on delete cascade,
      constraint "story_article_story_id_fkey" foreign key ("story_id") references "story" ("id") on update no action on delete cascade);`);
    this.addSql(`create index "story_article_story_id_index" on "story_article" ("story_id");`);
    this.addSql(`create table "publication_event" (
      "id" bigserial primary key,
      "article_id" int not null,
      "story_id" int null,
      "category" varchar(100) not null,
      "kind" text not null,
      "note" text null,
      "note_id" varchar(100) null,
      "created_at" timestamptz not null default now(),
      constraint "publication_event_article_id_fkey" foreign key ("article_id") references "article" ("id") on update no action on delete cascade,
      constraint "publication_event_story_id_fkey" foreign key ("story_id") references "story" ("id") on update no action on delete set null,
      constraint "publication_event_kind_check" check (kind in ('published', 'update', 'correction')));`);
    this.addSql(`create index "publication_event_story_id_created_at_index" on "publication_event" ("story_id", "created_at");`);
    this.addSql(`create index "publication_event_article_id_index" on "publication_event" ("article_id");`);
    this.addSql(`create unique index "publication_event_note_once" on "publication_event" ("article_id", "note_id") where "note_id" is not null;`);
    this.addSql(`create table "story_report" (
      "id" bigserial primary key,
      "story_id" int not null,
      "key" varchar(1000) not null,
      "outlet" varchar(200) not null,
      "title" varchar(500) not null,
      "link" text null,
      "at_approval" boolean not null default false,
      "arrived_at" timestamptz not null default now(),
      constraint "story_report_story_id_key_unique" unique ("story_id", "key"),
      constraint "story_report_story_id_fkey" foreign key ("story_id") references "story" ("id") on update no action on delete cascade);`);
    this.addSql(`create index "story_report_story_id_arrived_at_index" on "story_report" ("story_id", "arrived_at");`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.story_slug(title text, story_id integer)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
      declare base text := btrim(left(btrim(regexp_replace(lower(coalesce(title, '')), '[^a-z0-9]+', '-', 'g'), '-'), 180), '-');
      begin
        if base = '' then base := 'story'; end if;
        if exists (select 1 from story s where s.slug = base) then base := base || '-' || story_id; end if;
        return base;
      end $function$
`);

    // The stories of the topics approved so far that became articles, with the reports they were approved on.
    this.addSql(`do $$
      declare t record; the_story integer;
      begin
        for t in select a.* from approved_topic a join article ar on ar.id = a.article_id order by a.id loop
          the_story := nextval(pg_get_serial_sequence('story', 'id'));
          insert into story (id, slug, title, category, approved_topic_id, created_at, updated_at)
          values (the_story, story_slug(t.topic, the_story), left(t.topic, 300),
                  left(lower(regexp_replace(btrim(t.category), '[\\s-]+', '-', 'g')), 100), t.id, t.approved_at, t.approved_at);
          insert into story_article (article_id, story_id, joined_at) values (t.article_id, the_story, t.approved_at) on conflict do nothing;
          insert into story_report (story_id, key, outlet, title, link, at_approval, arrived_at)
          select the_story, left(coalesce(i->>'link', coalesce(i->>'source', '') || E'\\n' || coalesce(i->>'title', '')), 1000),
                 left(coalesce(i->>'source', ''), 200), left(coalesce(i->>'title', ''), 500), i->>'link', true, t.approved_at
            from trending_topic tt, jsonb_array_elements(case when jsonb_typeof(tt.items) = 'array' then tt.items else '[]'::jsonb end) i
           where tt.id = t.trending_topic_id
          on conflict do nothing;
        end loop;
      end $$;`);
    // The moments readers would have heard of so far: each published article's first publication, and its notes.
    this.addSql(`insert into publication_event (article_id, story_id, category, kind, created_at)
      select a.id, sa.story_id, left(a.category_slug, 100), 'published',
             coalesce((select min(r.created_at) from article_revision r where r.article_id = a.id and (r.snapshot->>'approved')::boolean), a.created_at)
        from article a left join story_article sa on sa.article_id = a.id
       where a.approved
       order by 5, a.id;`);
    this.addSql(`insert into publication_event (article_id, story_id, category, kind, note, note_id, created_at)
      select a.id, sa.story_id, left(a.category_slug, 100), n->>'kind', n->>'text', left(n->>'id', 100), (n->>'createdAt')::timestamptz
        from article a left join story_article sa on sa.article_id = a.id, jsonb_array_elements(a.corrections) n
       where a.approved
       order by 7, a.id
      on conflict do nothing;`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.story_purge(story_ids integer[], article_ids integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(
          array(select 'story-' || s from unnest(story_ids) s where s is not null
                union select 'article-' || sa.article_id from story_article sa where sa.story_id = any(story_ids)
                union select 'article-' || a from unnest(article_ids) a where a is not null),
          interval '150 milliseconds');
        perform pg_notify('article_changed', '');
      end $function$
`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.story_of_approved_topic()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      declare the_story integer;
      begin
        if TG_OP = 'INSERT' then
          the_story := nextval(pg_get_serial_sequence('story', 'id'));
          insert into story (id, slug, title, category, approved_topic_id, created_at, updated_at)
          values (the_story, story_slug(NEW.topic, the_story), left(NEW.topic, 300),
                  left(lower(regexp_replace(btrim(NEW.category), '[\\s-]+', '-', 'g')), 100), NEW.id,
                  coalesce(NEW.approved_at, now()), coalesce(NEW.approved_at, now()));
          insert into story_report (story_id, key, outlet, title, link, at_approval, arrived_at)
          select the_story, left(coalesce(i->>'link', coalesce(i->>'source', '') || E'\\n' || coalesce(i->>'title', '')), 1000),
                 left(coalesce(i->>'source', ''), 200), left(coalesce(i->>'title', ''), 500), i->>'link', true, coalesce(NEW.approved_at, now())
            from trending_topic t, jsonb_array_elements(case when jsonb_typeof(t.items) = 'array' then t.items else '[]'::jsonb end) i
           where t.id = NEW.trending_topic_id
          on conflict do nothing;
        else
          select s.id into the_story from story s where s.approved_topic_id = NEW.id;
        end if;
        if NEW.article_id is not null and the_story is not null and (TG_OP = 'INSERT' or NEW.article_id is distinct from OLD.article_id) then
          insert into story_article (article_id, story_id) values (NEW.article_id, the_story) on conflict do nothing;
          update publication_event e set story_id = sa.story_id
            from story_article sa where sa.article_id = NEW.article_id and e.article_id = NEW.article_id and e.story_id is null;
        end if;
        return null;
      end $function$
`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.article_publication_event()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      declare
        the_story integer;
        event_id bigint;
        written boolean := false;
        note jsonb;
      begin
        if not NEW.approved then return null; end if;
        if TG_OP = 'UPDATE' and OLD.approved and NEW.corrections is not distinct from OLD.corrections then return null; end if;
        select sa.story_id into the_story from story_article sa where sa.article_id = NEW.id;
        if not exists (select 1 from publication_event e where e.article_id = NEW.id and e.kind = 'published') then
          insert into publication_event (article_id, story_id, category, kind)
          values (NEW.id, the_story, left(NEW.category_slug, 100), 'published') returning id into event_id;
          perform pg_notify('publication_event', event_id::text);
          written := true;
        elsif TG_OP = 'UPDATE' then
          for note in select n from jsonb_array_elements(NEW.corrections) n
                       where not exists (select 1 from jsonb_array_elements(OLD.corrections) o where o->>'id' = n->>'id')
          loop
            event_id := null;
            insert into publication_event (article_id, story_id, category, kind, note, note_id)
            values (NEW.id, the_story, left(NEW.category_slug, 100), note->>'kind', note->>'text', left(note->>'id', 100))
            on conflict do nothing returning id into event_id;
            if event_id is not null then
              perform pg_notify('publication_event', event_id::text);
              written := true;
            end if;
          end loop;
        end if;
        if written and the_story is not null then perform story_purge(array[the_story], '{}'); end if;
        return null;
      end $function$
`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.story_reports_arrived()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      declare
        the_story integer;
        added integer;
      begin
        if NEW.items is not distinct from OLD.items then return null; end if;
        -- The story the topic's article is in now (an editor may have merged it), else the story the approval made.
        select coalesce((select sa.story_id from approved_topic a join story_article sa on sa.article_id = a.article_id where a.trending_topic_id = NEW.id),
                        (select s.id from approved_topic a join story s on s.approved_topic_id = a.id where a.trending_topic_id = NEW.id))
          into the_story;
        if the_story is null then return null; end if;
        insert into story_report (story_id, key, outlet, title, link)
        select the_story, left(coalesce(i->>'link', coalesce(i->>'source', '') || E'\\n' || coalesce(i->>'title', '')), 1000),
               left(coalesce(i->>'source', ''), 200), left(coalesce(i->>'title', ''), 500), i->>'link'
          from jsonb_array_elements(case when jsonb_typeof(NEW.items) = 'array' then NEW.items else '[]'::jsonb end) i
        on conflict do nothing;
        get diagnostics added = row_count;
        if added > 0 then
          delete from story_report r where r.story_id = the_story
             and r.id not in (select k.id from story_report k where k.story_id = the_story
                               order by k.arrived_at desc, k.id desc limit 200);
          perform story_purge(array[the_story], '{}');
        end if;
        return null;
      end $function$
`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.story_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform story_purge(array[OLD.id], '{}');
        return null;
      end $function$
`);
    this.addSql(`CREATE OR REPLACE FUNCTION public.story_article_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        if TG_OP = 'INSERT' then
          perform story_purge(array[NEW.story_id], array[NEW.article_id]);
        elsif TG_OP = 'DELETE' then
          perform story_purge(array[OLD.story_id], array[OLD.article_id]);
        else
          perform story_purge(array[OLD.story_id, NEW.story_id], array[OLD.article_id, NEW.article_id]);
        end if;
        return null;
      end $function$
`);
    this.addSql(
      `CREATE TRIGGER approved_topic_story AFTER INSERT OR UPDATE OF article_id ON public.approved_topic FOR EACH ROW EXECUTE FUNCTION story_of_approved_topic()`,
    );
    this.addSql(`CREATE TRIGGER article_publication_event AFTER INSERT OR UPDATE ON public.article FOR EACH ROW EXECUTE FUNCTION article_publication_event()`);
    this.addSql(
      `CREATE TRIGGER trending_topic_story_reports AFTER UPDATE OF items ON public.trending_topic FOR EACH ROW EXECUTE FUNCTION story_reports_arrived()`,
    );
    this.addSql(`CREATE TRIGGER story_changed AFTER DELETE OR UPDATE ON public.story FOR EACH ROW EXECUTE FUNCTION story_changed()`);
    this.addSql(
      `CREATE TRIGGER story_article_changed AFTER INSERT OR DELETE OR UPDATE ON public.story_article FOR EACH ROW EXECUTE FUNCTION story_article_changed()`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists "approved_topic_story" on "approved_topic";`);
    this.addSql(`drop trigger if exists "article_publication_event" on "article";`);
    this.addSql(`drop trigger if exists "trending_topic_story_reports" on "trending_topic";`);
    this.addSql(`drop trigger if exists "story_changed" on "story";`);
    this.addSql(`drop trigger if exists "story_article_changed" on "story_article";`);
    this.addSql(`drop table if exists "story_report";`);
    this.addSql(`drop table if exists "publication_event";`);
    this.addSql(`drop table if exists "story_article";`);
    this.addSql(`drop table if exists "story";`);
    this.addSql(`drop function if exists story_slug(text, integer);`);
    this.addSql(`drop function if exists story_purge(integer[], integer[]);`);
    this.addSql(`drop function if exists story_of_approved_topic();`);
    this.addSql(`drop function if exists article_publication_event();`);
    this.addSql(`drop function if exists story_reports_arrived();`);
    this.addSql(`drop function if exists story_changed();`);
    this.addSql(`drop function if exists story_article_changed();`);
  }
}
