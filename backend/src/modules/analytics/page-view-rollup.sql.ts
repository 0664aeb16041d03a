import type { DatabaseBehaviour, DatabaseFunction, DatabaseTrigger } from '../../database/schema/functions.js';

/*
 * The daily page-view rollups (this module's page_view_daily* tables) grow in the statement that
 * inserts the views. It reads the article table to count published articles and their categories.
 */

/** The daily page-view rollups (total, source, country, published article, its category) grow in the statement that inserts the views, rows taken in key order. */
const pageViewRollup: DatabaseFunction = {
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

/** Rolls up each statement's inserted page views. */
const pageViewRollupTrigger: DatabaseTrigger = {
  name: 'page_view_rollup',
  table: 'page_view',
  sql: `CREATE TRIGGER page_view_rollup AFTER INSERT ON public.page_view REFERENCING NEW TABLE AS new_views FOR EACH STATEMENT EXECUTE FUNCTION page_view_rollup()`,
};

/** The rollup function and trigger. */
export const pageViewRollupSql: DatabaseBehaviour = {
  functions: [pageViewRollup],
  triggers: [pageViewRollupTrigger],
};
