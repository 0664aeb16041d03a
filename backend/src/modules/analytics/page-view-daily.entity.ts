import { defineEntity, p } from '@mikro-orm/core';

/*
 * The daily page-view rollups, one row per UTC day (and key): written only by page_view's insert
 * trigger (database/schema/functions.ts), read by the Analytics tab. `views` is a bigint, which the
 * driver reads as a string: queries cast the sums they read to int.
 */
const views = () => p.bigint('string');
const viewsCheck = (table: string) => [{ name: `${table}_views_check`, expression: 'views >= 0' }];

export const PageViewDailySchema = defineEntity({
  name: 'PageViewDaily',
  tableName: 'page_view_daily',
  properties: { day: p.date().primary(), views: views() },
  checks: viewsCheck('page_view_daily'),
});
export class PageViewDaily extends PageViewDailySchema.class {}
PageViewDailySchema.setClass(PageViewDaily);

export const PageViewDailySourceSchema = defineEntity({
  name: 'PageViewDailySource',
  tableName: 'page_view_daily_source',
  properties: { day: p.date().primary(), source: p.string().length(100).primary(), views: views() },
  checks: viewsCheck('page_view_daily_source'),
});
export class PageViewDailySource extends PageViewDailySourceSchema.class {}
PageViewDailySourceSchema.setClass(PageViewDailySource);

export const PageViewDailyCountrySchema = defineEntity({
  name: 'PageViewDailyCountry',
  tableName: 'page_view_daily_country',
  properties: {
    day: p.date().primary(),
    country: p.string().length(2).primary().comment(`ISO code; the empty string when the visitor's country was unknown`),
    views: views(),
  },
  checks: viewsCheck('page_view_daily_country'),
});
export class PageViewDailyCountry extends PageViewDailyCountrySchema.class {}
PageViewDailyCountrySchema.setClass(PageViewDailyCountry);

export const PageViewDailyArticleSchema = defineEntity({
  name: 'PageViewDailyArticle',
  tableName: 'page_view_daily_article',
  properties: { day: p.date().primary(), articleId: p.integer().primary(), views: views() },
  indexes: [
    // Each day's ranking (its first rows are the day's most read), and each article's days.
    {
      name: 'page_view_daily_article_day_views_index',
      expression: 'create index "page_view_daily_article_day_views_index" on "page_view_daily_article" ("day", "views" desc, "article_id")',
    },
    {
      name: 'page_view_daily_article_article_id_day_index',
      expression: 'create index "page_view_daily_article_article_id_day_index" on "page_view_daily_article" ("article_id", "day") include ("views")',
    },
  ],
  checks: viewsCheck('page_view_daily_article'),
});
export class PageViewDailyArticle extends PageViewDailyArticleSchema.class {}
PageViewDailyArticleSchema.setClass(PageViewDailyArticle);

export const PageViewDailyCategorySchema = defineEntity({
  name: 'PageViewDailyCategory',
  tableName: 'page_view_daily_category',
  properties: { day: p.date().primary(), category: p.string().length(100).primary(), views: views() },
  checks: viewsCheck('page_view_daily_category'),
});
export class PageViewDailyCategory extends PageViewDailyCategorySchema.class {}
PageViewDailyCategorySchema.setClass(PageViewDailyCategory);
