import { defineEntity, p } from '@mikro-orm/core';

/*
 * The daily page-view rollups, one row per UTC day (and key): written only by page_view's insert
 * trigger (page-view-rollup.sql.ts), read by the Analytics tab. `views` is a bigint, which the
 * driver reads as a string: queries cast the sums they read to int.
 */
const views = () => p.bigint('string');

/** A rollup table: the day and the table's own key columns (the primary key), and the views counted. */
function dailyRollup<const Name extends string, const Keys extends object>(
  name: Name,
  tableName: string,
  keys: Keys,
  indexes: { name: string; expression: string }[] = [],
) {
  return defineEntity({
    name,
    tableName,
    properties: { day: p.date().primary(), ...keys, views: views() },
    indexes,
    checks: [{ name: `${tableName}_views_check`, expression: 'views >= 0' }],
  });
}

export const PageViewDailySchema = dailyRollup('PageViewDaily', 'page_view_daily', {});
export class PageViewDaily extends PageViewDailySchema.class {}
PageViewDailySchema.setClass(PageViewDaily);

export const PageViewDailySourceSchema = dailyRollup('PageViewDailySource', 'page_view_daily_source', { source: p.string().length(100).primary() });
export class PageViewDailySource extends PageViewDailySourceSchema.class {}
PageViewDailySourceSchema.setClass(PageViewDailySource);

export const PageViewDailyCountrySchema = dailyRollup('PageViewDailyCountry', 'page_view_daily_country', {
  country: p.string().length(2).primary().comment(`ISO code; the empty string when the visitor's country was unknown`),
});
export class PageViewDailyCountry extends PageViewDailyCountrySchema.class {}
PageViewDailyCountrySchema.setClass(PageViewDailyCountry);

export const PageViewDailyArticleSchema = dailyRollup('PageViewDailyArticle', 'page_view_daily_article', { articleId: p.integer().primary() }, [
  // Each day's ranking (its first rows are the day's most read), and each article's days.
  {
    name: 'page_view_daily_article_day_views_index',
    expression: 'create index "page_view_daily_article_day_views_index" on "page_view_daily_article" ("day", "views" desc, "article_id")',
  },
  {
    name: 'page_view_daily_article_article_id_day_index',
    expression: 'create index "page_view_daily_article_article_id_day_index" on "page_view_daily_article" ("article_id", "day") include ("views")',
  },
]);
export class PageViewDailyArticle extends PageViewDailyArticleSchema.class {}
PageViewDailyArticleSchema.setClass(PageViewDailyArticle);

export const PageViewDailyCategorySchema = dailyRollup('PageViewDailyCategory', 'page_view_daily_category', { category: p.string().length(100).primary() });
export class PageViewDailyCategory extends PageViewDailyCategorySchema.class {}
PageViewDailyCategorySchema.setClass(PageViewDailyCategory);
