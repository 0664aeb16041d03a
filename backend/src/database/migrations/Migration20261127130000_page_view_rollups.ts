import { Migration } from '@mikro-orm/migrations';

/** The UTC day of a page view; the dashboard's days are UTC days. */
const DAY = `(created_at at time zone 'UTC')::date`;
/** Page views of published articles' pages (`/article/{slug}`, `/{category}/article/{slug}`) in `views`. */
const ARTICLE_VIEWS = (views: string) =>
  `select (v.created_at at time zone 'UTC')::date as day, a.id as article_id, a.category from ${views} v join article a on a.slug = substring(v.path from '^/(?:[^/]+/)?article/([^/?#]+)/?$') and a.approved`;

/**
 * Daily page-view counts per dimension, kept by the statement that inserts the page views (a
 * statement-level trigger over the inserted rows, in the same transaction), so the dashboard reads a
 * few rows per day whatever the size of `page_view`. Each upsert takes its rows in key order, so two
 * concurrent inserts lock them in the same order. Article and category are resolved when the view
 * arrives: a view of a published article's page counts for that article and its category as they
 * were then. Existing page views are rolled up once here. The newsletter's growth reads sign-ups by
 * their day.
 */
export class Migration20261127130000_page_view_rollups extends Migration {
  override name = 'Migration20261127130000_page_view_rollups';

  override up(): void {
    this.addSql(`create table "page_view_daily" ("day" date primary key, "views" bigint not null check ("views" >= 0));`);
    this.addSql(
      `create table "page_view_daily_source" ("day" date not null, "source" varchar(100) not null, "views" bigint not null check ("views" >= 0), primary key ("day", "source"));`,
    );
    this.addSql(
      `create table "page_view_daily_country" ("day" date not null, "country" varchar(2) not null, "views" bigint not null check ("views" >= 0), primary key ("day", "country"));`,
    );
    this.addSql(
      `create table "page_view_daily_article" ("day" date not null, "article_id" int not null, "views" bigint not null check ("views" >= 0), primary key ("day", "article_id"));`,
    );
    this.addSql(
      `create table "page_view_daily_category" ("day" date not null, "category" varchar(100) not null, "views" bigint not null check ("views" >= 0), primary key ("day", "category"));`,
    );
    // The ranking of each day's articles (its first rows are the day's most read), and each article's days.
    this.addSql(`create index "page_view_daily_article_day_views_index" on "page_view_daily_article" ("day", "views" desc, "article_id");`);
    this.addSql(`create index "page_view_daily_article_article_id_day_index" on "page_view_daily_article" ("article_id", "day") include ("views");`);
    // The newsletter's growth counts sign-ups by day; named as the entity's index would be, in case it declares one.
    this.addSql(`create index if not exists "newsletter_subscriber_created_at_index" on "newsletter_subscriber" ("created_at");`);
    this.addSql(`comment on column "page_view_daily_country"."country" is 'ISO code; the empty string when the visitor''s country was unknown'`);

    this.addSql(`create function page_view_rollup() returns trigger language plpgsql as $$
      begin
        insert into page_view_daily (day, views)
          select ${DAY}, count(*) from new_views group by 1 order by 1
          on conflict (day) do update set views = page_view_daily.views + excluded.views;
        insert into page_view_daily_source (day, source, views)
          select ${DAY}, source, count(*) from new_views group by 1, 2 order by 1, 2
          on conflict (day, source) do update set views = page_view_daily_source.views + excluded.views;
        insert into page_view_daily_country (day, country, views)
          select ${DAY}, coalesce(country, ''), count(*) from new_views group by 1, 2 order by 1, 2
          on conflict (day, country) do update set views = page_view_daily_country.views + excluded.views;
        with viewed as (${ARTICLE_VIEWS('new_views')}),
        by_article as (
          insert into page_view_daily_article (day, article_id, views)
            select day, article_id, count(*) from viewed group by 1, 2 order by 1, 2
            on conflict (day, article_id) do update set views = page_view_daily_article.views + excluded.views
        )
        insert into page_view_daily_category (day, category, views)
          select day, category, count(*) from viewed group by 1, 2 order by 1, 2
          on conflict (day, category) do update set views = page_view_daily_category.views + excluded.views;
        return null;
      end $$;`);
    this.addSql(
      `create trigger page_view_rollup after insert on "page_view" referencing new table as new_views for each statement execute function page_view_rollup();`,
    );

    this.addSql(`insert into page_view_daily select ${DAY}, count(*) from page_view group by 1;`);
    this.addSql(`insert into page_view_daily_source select ${DAY}, source, count(*) from page_view group by 1, 2;`);
    this.addSql(`insert into page_view_daily_country select ${DAY}, coalesce(country, ''), count(*) from page_view group by 1, 2;`);
    this.addSql(`insert into page_view_daily_article select day, article_id, count(*) from (${ARTICLE_VIEWS('page_view')}) viewed group by 1, 2;`);
    this.addSql(`insert into page_view_daily_category select day, category, count(*) from (${ARTICLE_VIEWS('page_view')}) viewed group by 1, 2;`);
  }

  override down(): void {
    this.addSql(`drop index if exists "newsletter_subscriber_created_at_index";`);
    this.addSql(`drop trigger if exists page_view_rollup on "page_view";`);
    this.addSql(`drop function if exists page_view_rollup();`);
    for (const table of ['page_view_daily_category', 'page_view_daily_article', 'page_view_daily_country', 'page_view_daily_source', 'page_view_daily']) {
      this.addSql(`drop table if exists "${table}";`);
    }
  }
}
