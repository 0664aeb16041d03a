import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  ANALYTICS_TOP_LIMIT,
  type AnalyticsNewsletter,
  type AnalyticsRangeQuery,
  type AnalyticsTop,
  type AnalyticsTopArticles,
  type AnalyticsViews,
} from '@ai-mind/contracts';
import { analyticsDb } from './tables.js';
import { instantsOf, sumByPeriod } from './analytics-periods.js';

/** The daily rollups a top list reads, each with the column it ranks. */
const TOP_DIMENSIONS = {
  categories: { table: 'page_view_daily_category', column: 'category' },
  sources: { table: 'page_view_daily_source', column: 'source' },
  countries: { table: 'page_view_daily_country', column: 'country' },
} as const;
export type TopDimension = keyof typeof TOP_DIMENSIONS;

/** A rollup's days of the range, both ends included. */
const inRange = (range: AnalyticsRangeQuery) => sql<boolean>`day between ${range.from}::date and ${range.to}::date`;

/**
 * The Analytics tab's reads. Page views come from the daily rollups the insert trigger keeps
 * (a range of a year is at most 366 rows per key), never from `page_view` itself; the newsletter's
 * growth counts `newsletter_subscriber` rows by the day they were created. Days are UTC days.
 */
@Injectable()
export class AnalyticsReader {
  constructor(private readonly em: EntityManager) {}

  async views(range: AnalyticsRangeQuery): Promise<AnalyticsViews> {
    const days = await analyticsDb(this.em.fork())
      .selectFrom('page_view_daily')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<number>`views::int`.as('value')])
      .where(inRange(range))
      .execute();
    return { total: days.reduce((sum, day) => sum + day.value, 0), points: sumByPeriod(range, days) };
  }

  async top(dimension: TopDimension, range: AnalyticsRangeQuery): Promise<AnalyticsTop> {
    const { table, column } = TOP_DIMENSIONS[dimension];
    // The window runs over every key before the limit, so the total is the range's, not the top's.
    const key = sql.ref<string>(column);
    const rows = await analyticsDb(this.em.fork())
      .selectFrom(table)
      .select([key.as('key'), sql<number>`sum(views)::int`.as('views'), sql<number>`(sum(sum(views)) over ())::int`.as('total')])
      .where(inRange(range))
      .groupBy(key)
      .orderBy('views', 'desc')
      .orderBy('key')
      .limit(ANALYTICS_TOP_LIMIT)
      .execute();
    return { total: rows[0]?.total ?? 0, entries: rows.map(({ key, views }) => ({ key, views })) };
  }

  /**
   * The most read published articles of the range, exactly, without summing every article's days: a
   * long range holds a row for most articles on most days. Each day's `depth` most read articles are
   * the candidates, and their totals are summed; an article outside every day's first `depth` read at
   * most the sum of each day's next-ranked figure (`bound`). Once the last of the top candidates
   * exceeds that bound, no other article can rank; else the search goes deeper.
   */
  async articles(range: AnalyticsRangeQuery, firstDepth = ANALYTICS_TOP_LIMIT * 5): Promise<AnalyticsTopArticles> {
    for (let depth = firstDepth; ; depth *= 4) {
      // Raw: one statement of a generate_series of days, a lateral per-day ranking and a json_agg, plainer written than built.
      const [{ bound, articles }] = await this.em.getConnection().execute<{ bound: number; articles: AnalyticsTopArticles['articles'] }[]>(
        `with ranked as (
           select t.article_id, t.views, t.rank
           from generate_series(?::date, ?::date, interval '1 day') as d(day)
           cross join lateral (
             select r.article_id, r.views, row_number() over (order by r.views desc, r.article_id) as rank
             from page_view_daily_article r where r.day = d.day::date order by r.views desc, r.article_id limit ?
           ) t
         ),
         candidates as (
           select a.id, a.title, a.slug, a.category,
             (select sum(r.views) from page_view_daily_article r where r.article_id = a.id and r.day between ?::date and ?::date)::int as views
           from article a where a.id in (select article_id from ranked where rank <= ?)
           order by views desc, a.id limit ?
         )
         select (select coalesce(sum(views), 0)::int from ranked where rank > ?) as bound,
                coalesce((select json_agg(c order by c.views desc, c.id) from candidates c), '[]') as articles`,
        [range.from, range.to, depth + 1, range.from, range.to, depth, ANALYTICS_TOP_LIMIT, depth],
      );
      // Articles deleted since stay in the rollup: they take a rank among the candidates, never a place in the list.
      const last = articles[ANALYTICS_TOP_LIMIT - 1];
      if (bound === 0 || (last && last.views > bound)) return { articles };
    }
  }

  async newsletter(range: AnalyticsRangeQuery): Promise<AnalyticsNewsletter> {
    const { start, end } = instantsOf(range);
    const subscribers = analyticsDb(this.em.fork()).selectFrom('newsletter_subscriber');
    const { before } = await subscribers
      .select(sql<number>`count(*)::int`.as('before'))
      .where('created_at', '<', sql<Date>`${start}::timestamptz`)
      .executeTakeFirstOrThrow();
    const day = sql<string>`to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`;
    const days = await subscribers
      .select([day.as('day'), sql<number>`count(*)::int`.as('value')])
      .where('created_at', '>=', sql<Date>`${start}::timestamptz`)
      .where('created_at', '<', sql<Date>`${end}::timestamptz`)
      .groupBy(day)
      .execute();
    let onList = before;
    const points = sumByPeriod(range, days).map(({ period, value: joined }) => {
      onList += joined;
      return { period, value: onList, joined };
    });
    return { before, points };
  }
}
