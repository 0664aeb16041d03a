import { Migration } from '@mikro-orm/migrations';

/**
 * Likes and shares are committed in groups (one statement for many readers), so one update may move
 * an article's counters by more than one. Such an update is still a reader count (no revision, no
 * article_changed notification, no version bump) when the statement says so: the transaction-local
 * setting `ai_mind.reader_counts` is 'on' (ArticleReaderCounts.countInteractions sets it). A hand-written
 * SQL change of the counters by more than one stays a recorded change.
 *
 * And a like no longer re-derives the article's search vector: it was a generated column, which
 * PostgreSQL recomputes on every update of the row (about half a millisecond of to_tsvector per
 * like). It is now kept by a trigger that runs only when the title, the AI commentary or the body
 * is written; existing vectors and the GIN index are kept as they are.
 */
export class Migration20261124210000_grouped_reader_counts extends Migration {
  override name = 'Migration20261124210000_grouped_reader_counts';

  override up(): void {
    this.addSql(`create or replace function article_is_reader_count(old_row article, new_row article) returns boolean language plpgsql stable as $$
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
      end $$;`);

    this.addSql(`alter table "article" alter column "search_vector" drop expression;`);
    this.addSql(`create function article_search_vector() returns trigger language plpgsql as $$
      begin
        NEW.search_vector := setweight(to_tsvector('english'::regconfig, coalesce(NEW.title, '')), 'A')
          || setweight(to_tsvector('english'::regconfig, coalesce(NEW.ai_commentary, '')), 'B')
          || setweight(to_tsvector('english'::regconfig, NEW.content), 'C');
        return NEW;
      end $$;`);
    this.addSql(
      `create trigger article_search_vector before insert or update of title, ai_commentary, content on "article" for each row execute function article_search_vector();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists article_search_vector on "article";`);
    this.addSql(`drop function if exists article_search_vector();`);
    this.addSql(`alter table "article" drop column "search_vector";`);
    this.addSql(
      `alter table "article" add column "search_vector" tsvector generated always as (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(ai_commentary, '')), 'B') || setweight(to_tsvector('english'::regconfig, content), 'C')) stored;`,
    );
    this.addSql(`alter table "article" alter column "search_vector" set storage main;`);
    this.addSql(`create index "article_search_vector_index" on "article" using gin ("search_vector");`);
    this.addSql(`create or replace function article_is_reader_count(old_row article, new_row article) returns boolean language plpgsql immutable as $$
      declare rest article := new_row;
      begin
        rest.likes := old_row.likes; rest.shares := old_row.shares; rest.comments := old_row.comments;
        rest.updated_at := old_row.updated_at; rest.version := old_row.version;
        rest.search_vector := old_row.search_vector; rest.category_slug := old_row.category_slug;
        return rest is not distinct from old_row
           and abs(new_row.likes - old_row.likes) <= 1 and abs(new_row.shares - old_row.shares) <= 1
           and abs(new_row.comments - old_row.comments) <= 1;
      end $$;`);
  }
}
