import { cacheKeys, sqlKey } from '../../common/surrogate-keys.js';
import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * Stories, kept by the database whoever writes (the admin, the automation intake, the trending refresh,
 * the demo seed, SQL by hand):
 * - approving a topic makes its story, and the article the topic becomes joins it (approved_topic);
 * - publishing an article for the first time, and each update or correction note added to a published
 *   one, writes a publication_event and NOTIFYs `publication_event` with its id (article);
 * - a trending refresh that adds feed items to an approved topic records each new report on its story,
 *   with when it arrived (trending_topic).
 * Each change of what a story page shows queues the purge of the story's key and of its articles'
 * (their pages say how many updates the story has) and NOTIFYs article_changed, on which every API
 * process drops its rendered pages.
 *
 * The functions that act on other modules' tables are declared here; the triggers that call them are
 * declared by the modules that own those tables (articles/article-publication.sql.ts,
 * provenance/approved-topic-story.sql.ts, trending/trending-story-reports.sql.ts), so each entity lists
 * its own triggers and no module imports this one back (stories reads articles and provenance).
 */

/** The surrogate key of a story's page and its API answer. */
export const storyCacheKey = (storyId: number) => cacheKeys.named(`story-${storyId}`);
const storyKeySql = (expression: string) => `${sqlKey('story-')} || ${expression}`;

/** How many reports a story keeps (the newest): the topic store remembers 200 links per story. */
export const STORY_REPORTS_KEPT = 200;

/** A story's slug from its title: lower-case words joined by dashes, with its id added when another story has it. */
const storySlug: DatabaseFunction = {
  name: 'story_slug',
  args: 'title text, story_id integer',
  sql: `CREATE OR REPLACE FUNCTION public.story_slug(title text, story_id integer)
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
`,
};

/**
 * Queues the purge of the stories' pages, of their articles' (and of the articles named) and of the sitemap
 * (it lists each story's page: a merge removes one, a split adds one, a rename moves one), and NOTIFYs
 * article_changed.
 */
const storyPurge: DatabaseFunction = {
  name: 'story_purge',
  args: 'story_ids integer[], article_ids integer[]',
  sql: `CREATE OR REPLACE FUNCTION public.story_purge(story_ids integer[], article_ids integer[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      begin
        perform http_cache_queue(
          array(select ${storyKeySql('s')} from unnest(story_ids) s where s is not null
                union select ${cacheKeys.article.sql('sa.article_id')} from story_article sa where sa.story_id = any(story_ids)
                union select ${cacheKeys.article.sql('a')} from unnest(article_ids) a where a is not null
                union select ${sqlKey(cacheKeys.sitemap)}),
          interval '150 milliseconds');
        perform pg_notify('article_changed', '');
      end $function$
`,
};

/** An approved topic makes its story (with the reports it was approved on); the article it becomes joins the story. */
const storyOfApprovedTopic: DatabaseFunction = {
  name: 'story_of_approved_topic',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.story_of_approved_topic()
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
`,
};

/**
 * A published article's moments for readers: its first publication, then each update or correction
 * note added while it is published (a note is known by its id, announced once). NOTIFYs
 * publication_event with each row's id.
 */
const articlePublicationEvent: DatabaseFunction = {
  name: 'article_publication_event',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.article_publication_event()
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
`,
};

/** A refresh that adds feed items to an approved topic records the new ones as reports on its story, the newest ${STORY_REPORTS_KEPT} kept. */
const storyReportsArrived: DatabaseFunction = {
  name: 'story_reports_arrived',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.story_reports_arrived()
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
                               order by k.arrived_at desc, k.id desc limit ${STORY_REPORTS_KEPT});
          perform story_purge(array[the_story], '{}');
        end if;
        return null;
      end $function$
`,
};

/** A story renamed, settled or removed: its page and its articles' change. */
const storyChanged: DatabaseFunction = {
  name: 'story_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.story_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      begin
        perform story_purge(array[OLD.id], '{}');
        return null;
      end $function$
`,
};

/** An article joined, left or moved between stories: both stories' pages change, and the article's. */
const storyArticleChanged: DatabaseFunction = {
  name: 'story_article_changed',
  args: '',
  sql: `CREATE OR REPLACE FUNCTION public.story_article_changed()
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
`,
};

const storyChangedTrigger: DatabaseTrigger = {
  name: 'story_changed',
  table: 'story',
  sql: `CREATE TRIGGER story_changed AFTER DELETE OR UPDATE ON public.story FOR EACH ROW EXECUTE FUNCTION story_changed()`,
};

const storyArticleChangedTrigger: DatabaseTrigger = {
  name: 'story_article_changed',
  table: 'story_article',
  sql: `CREATE TRIGGER story_article_changed AFTER INSERT OR DELETE OR UPDATE ON public.story_article FOR EACH ROW EXECUTE FUNCTION story_article_changed()`,
};

/** The stories' functions, and the triggers on its own tables (assembled in app/database-behaviour.ts, after http-cache's queue function). */
export const storiesSql: DatabaseBehaviour = {
  functions: [storySlug, storyPurge, storyOfApprovedTopic, articlePublicationEvent, storyReportsArrived, storyChanged, storyArticleChanged],
  triggers: [storyChangedTrigger, storyArticleChangedTrigger],
};
