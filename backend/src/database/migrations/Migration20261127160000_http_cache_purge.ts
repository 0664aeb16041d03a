import { Migration } from '@mikro-orm/migrations';

/**
 * The shared HTTP cache's purge outbox. Every committed change that readers can see writes, in its own
 * transaction, one row naming the surrogate keys it affects (see common/surrogate-keys.ts for the
 * scheme, which these functions spell the same way), and NOTIFYs `http_cache_purge`. An API process
 * claims each row once (`for update skip locked`), purges its keys in every configured cache, and
 * writes a row per cache that could not be reached, due again later. So a change is purged once
 * however many API processes run, whoever made it (the API, a worker, a recovery, SQL by hand), and
 * the write itself never waits for a cache.
 *
 * Which keys an article change affects:
 * - nothing while the article is a draft before and after (no public answer shows it);
 * - `article-<id>` always (its page and JSON, and every list answer that shows it);
 * - a reader's count (like, share, comment count): that key alone;
 * - any other change: also `sitemap`, `rss` and `search` (their text or matches may change), and
 *   `corrections` when the article has or had correction notes;
 * - a change of what the lists hold (published, unpublished, created, deleted, moved to another
 *   category, re-dated): also `newest` and the old and new `category-<slug>`.
 * A comment change is its article's (`article-<id>`); a change of trending topics is `trending`, due
 * once each API process has let go of the feed it reuses (TRENDING_FEED_REUSE_MS).
 *
 * A row is due once every API process shows the change, so that the cache's next request is answered
 * with it, never with what an API process still held: an article's or comment's change 150 ms after
 * it (every API process hears its article_changed notification as it commits), a reader's count
 * 400 ms after (each process reads the counts it shows every 250 ms).
 */
export class Migration20261127160000_http_cache_purge extends Migration {
  override name = 'Migration20261127160000_http_cache_purge';

  override up(): void {
    this.addSql(`create table "http_cache_purge" (
      "id" bigserial primary key,
      "keys" text[] not null,
      "target" text null,
      "attempts" int not null default 0,
      "due_at" timestamptz not null default clock_timestamp()
    );`);
    this.addSql(`create index "http_cache_purge_due_at_index" on "http_cache_purge" ("due_at");`);

    this.addSql(`create function http_cache_article_keys(op text, old_row article, new_row article) returns text[] language plpgsql stable as $$
      declare
        was_public boolean := op <> 'INSERT' and old_row.approved;
        is_public boolean := op <> 'DELETE' and new_row.approved;
        keys text[];
      begin
        if not coalesce(was_public, false) and not coalesce(is_public, false) then return '{}'; end if;
        keys := array['article-' || case when op = 'DELETE' then old_row.id else new_row.id end];
        if op = 'UPDATE' and article_is_reader_count(old_row, new_row) then return keys; end if;
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
      end $$;`);

    this.addSql(`create function http_cache_queue(keys text[], delay interval) returns void language plpgsql as $$
      begin
        if cardinality(keys) = 0 then return; end if;
        insert into http_cache_purge (keys, due_at) values (keys, clock_timestamp() + delay);
        perform pg_notify('http_cache_purge', '');
      end $$;`);

    this.addSql(`create function http_cache_article_changed() returns trigger language plpgsql as $$
      begin
        perform http_cache_queue(http_cache_article_keys(TG_OP, OLD, NEW),
          case when TG_OP = 'UPDATE' and article_is_reader_count(OLD, NEW) then interval '400 milliseconds' else interval '150 milliseconds' end);
        return null;
      end $$;`);
    this.addSql(`create trigger http_cache_article after insert or update or delete on "article" for each row execute function http_cache_article_changed();`);

    this.addSql(`create function http_cache_comment_changed() returns trigger language plpgsql as $$
      begin
        perform http_cache_queue(array['article-' || case when TG_OP = 'DELETE' then OLD.article_id else NEW.article_id end], interval '150 milliseconds');
        return null;
      end $$;`);
    this.addSql(
      `create trigger http_cache_comment after insert or delete or update of author_name, content, ai_response, spam on "comment" for each row execute function http_cache_comment_changed();`,
    );

    this.addSql(`create function http_cache_trending_changed() returns trigger language plpgsql as $$
      begin
        perform http_cache_queue(array['trending'], interval '600 milliseconds');
        return null;
      end $$;`);
    this.addSql(
      `create trigger http_cache_trending after insert or update or delete on "trending_topic" for each statement execute function http_cache_trending_changed();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists http_cache_trending on "trending_topic";`);
    this.addSql(`drop trigger if exists http_cache_comment on "comment";`);
    this.addSql(`drop trigger if exists http_cache_article on "article";`);
    this.addSql(`drop function if exists http_cache_trending_changed();`);
    this.addSql(`drop function if exists http_cache_comment_changed();`);
    this.addSql(`drop function if exists http_cache_article_changed();`);
    this.addSql(`drop function if exists http_cache_queue(text[], interval);`);
    this.addSql(`drop function if exists http_cache_article_keys(text, article, article);`);
    this.addSql(`drop table if exists "http_cache_purge";`);
  }
}
