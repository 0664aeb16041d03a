import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import {
  ANALYTICS_TOP_LIMIT,
  AnalyticsNewsletterSchema,
  AnalyticsTopArticlesSchema,
  AnalyticsTopSchema,
  AnalyticsViewsSchema,
  type AnalyticsRangeQuery,
} from '@ai-mind/contracts';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import { createApiApp } from '../src/app/create-api-app.js';
import { AnalyticsDashboardController } from '../src/modules/analytics/analytics-dashboard.controller.js';
import { permissionOf } from '../src/modules/auth/index.js';
import { periodOf } from '../src/modules/analytics/analytics-periods.js';
import { AnalyticsReader } from '../src/modules/analytics/analytics.reader.js';
import { PageViewTokens } from '../src/modules/analytics/index.js';
import type { Article } from '../src/modules/articles/index.js';
import { createArticle } from './support/article-factory.js';
import { signInAdmin, type SignedInAdmin } from './support/admin-session.js';
import { createOwnDatabase } from './support/own-database.js';
import { testConfig } from './support/test-config.js';
import { suiteRedisUrl } from './support/suite-redis.js';

const DAY_MS = 86_400_000;
/** The first day of the random page views: far from today, so the views the HTTP tests send never fall in it. */
const WINDOW_START = Date.parse('2025-03-01T00:00:00Z');
const WINDOW_DAYS = 21;
const SOURCES = ['direct', 'google', 'newsletter', 'news.example.org', 'twitter'];
const COUNTRIES = ['IE', 'DE', 'US', null];

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('the analytics dashboard: daily rollups kept by the insert, read by range', () => {
  let own: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: NestFastifyApplication;
  let em: EntityManager;
  let admin: SignedInAdmin;
  let published: Article[];
  let draft: Article;
  let reader: AnalyticsReader;

  // A database of its own: the counts are exact, so no other suite's page views may be in it.
  beforeAll(async () => {
    own = await createOwnDatabase();
    app = await createApiApp(testConfig({ DATABASE_URL: own.url, REDIS_URL: suiteRedisUrl('analytics-dashboard') }));
    em = app.get(EntityManager);
    admin = await signInAdmin(app);
    reader = app.get(AnalyticsReader);
    // More published articles than a top list holds, so the ranking has to choose.
    published = [];
    for (const category of [
      'Technology',
      'Economics',
      'Technology',
      'Culture',
      'Politics',
      'Economics',
      'Technology',
      'Culture',
      'Politics',
      'Technology',
      'Economics',
      'Culture',
      'Global Events',
      'Technology',
    ]) {
      published.push(await createArticle(em, { category }));
    }
    draft = await createArticle(em, { category: 'Culture', approved: false });
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => em.fork().execute<T[]>(query, params);
  const chart = async (name: string, range: Partial<AnalyticsRangeQuery>) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/analytics/${name}`, query: range as Record<string, string>, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return response.json() as unknown;
  };

  /** Inserts page views in one statement each batch, as the site's inserts and a bulk import would. */
  async function insertViews(batch: { at: number; path: string; source: string; country: string | null }[]) {
    if (batch.length === 0) return;
    const values = batch.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}::timestamptz)`).join(', ');
    await em.getConnection().execute(
      `insert into page_view (path, source, country, created_at) values ${values.replace(/\$\d+/g, '?')}`,
      batch.flatMap((view) => [view.path, view.source, view.country, new Date(view.at).toISOString()]),
    );
  }

  /** The same figures counted over the raw table: what the rollups must agree with. */
  async function directCounts(range: AnalyticsRangeQuery) {
    const start = `${range.from}T00:00:00Z`;
    const end = `${dayOf(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)}T00:00:00Z`;
    const inRange = `created_at >= '${start}'::timestamptz and created_at < '${end}'::timestamptz`;
    const days = await sql<{ day: string; views: number }>(
      `select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as views from page_view where ${inRange} group by 1`,
    );
    const top = (key: string, from = 'page_view v', where = '') =>
      sql<{ key: string; views: number }>(
        `select ${key} as key, count(*)::int as views from ${from} where ${inRange.replace(/created_at/g, 'v.created_at')} ${where} group by 1 order by views desc, key limit ${ANALYTICS_TOP_LIMIT}`,
      );
    const articleJoin = `page_view v join article a on a.slug = substring(v.path from '^/(?:[^/]+/)?article/([^/?#]+)/?$') and a.approved`;
    const totalOf = async (key: string) =>
      (await sql<{ n: number }>(`select count(*)::int as n from page_view v where ${inRange.replace(/created_at/g, 'v.created_at')} and ${key}`))[0]!.n;
    return {
      total: days.reduce((sum, day) => sum + day.views, 0),
      days: new Map(days.map((day) => [day.day, day.views])),
      sources: await top('v.source'),
      countries: await top(`coalesce(v.country, '')`),
      categories: await top('a.category', articleJoin),
      categoryTotal: (await sql<{ n: number }>(`select count(*)::int as n from ${articleJoin} where ${inRange.replace(/created_at/g, 'v.created_at')}`))[0]!.n,
      articles: await sql<{ id: number; views: number }>(
        `select a.id, count(*)::int as views from ${articleJoin} where ${inRange.replace(/created_at/g, 'v.created_at')} group by a.id order by views desc, a.id limit ${ANALYTICS_TOP_LIMIT}`,
      ),
      totalOf,
    };
  }

  it('agrees with a direct count over page_view for random views, batches and ranges', async () => {
    const paths = [
      ...published.map((article) => `/article/${article.slug}`),
      // The first articles twice as often, so the ranking has leaders and a tail.
      ...published.slice(0, 4).map((article) => `/article/${article.slug}`),
      `/${published[0]!.category.toLowerCase()}/article/${published[0]!.slug}`,
      `/article/${draft.slug}`,
      '/article/no-such-article',
      '/',
      '/category/Technology',
    ];
    const view = fc.record({
      // Minutes over the window, often right at a midnight (UTC), where the days meet.
      at: fc.oneof(
        fc.integer({ min: 0, max: WINDOW_DAYS * 1440 - 1 }).map((minute) => WINDOW_START + minute * 60_000),
        fc.integer({ min: 1, max: WINDOW_DAYS - 1 }).chain((day) => fc.constantFrom(-1, 0).map((ms) => WINDOW_START + day * DAY_MS + ms)),
      ),
      path: fc.constantFrom(...paths),
      source: fc.constantFrom(...SOURCES),
      country: fc.constantFrom(...COUNTRIES),
    });
    const range = fc
      .tuple(fc.integer({ min: -2, max: WINDOW_DAYS + 1 }), fc.integer({ min: 0, max: WINDOW_DAYS }), fc.constantFrom('day' as const, 'week' as const))
      .map(([first, length, interval]) => ({ from: dayOf(WINDOW_START + first * DAY_MS), to: dayOf(WINDOW_START + (first + length) * DAY_MS), interval }));

    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(view, { maxLength: 60 }), { maxLength: 6 }), range, async (batches, query) => {
        // Some batches at once: concurrent inserts meet on the same rollup rows.
        await Promise.all(batches.map((batch) => insertViews(batch)));
        const direct = await directCounts(query);

        const views = AnalyticsViewsSchema.parse(await chart('views', query));
        expect(views.total).toBe(direct.total);
        const expectedPoints = new Map<string, number>();
        for (let time = Date.parse(`${query.from}T00:00:00Z`); time <= Date.parse(`${query.to}T00:00:00Z`); time += DAY_MS) {
          const period = periodOf(dayOf(time), query.interval);
          expectedPoints.set(period, (expectedPoints.get(period) ?? 0) + (direct.days.get(dayOf(time)) ?? 0));
        }
        expect(views.points).toEqual([...expectedPoints].map(([period, value]) => ({ period, value })));

        expect(AnalyticsTopSchema.parse(await chart('sources', query))).toEqual({ total: direct.total, entries: direct.sources });
        expect(AnalyticsTopSchema.parse(await chart('countries', query))).toEqual({ total: direct.total, entries: direct.countries });
        expect(AnalyticsTopSchema.parse(await chart('categories', query))).toEqual({ total: direct.categoryTotal, entries: direct.categories });
        const articles = AnalyticsTopArticlesSchema.parse(await chart('articles', query)).articles;
        expect(articles.map(({ id, views }) => ({ id, views }))).toEqual(direct.articles);
        // From the shallowest search up: the deepening ends on the same exact list.
        for (const depth of [1, 2]) expect((await reader.articles(query, depth)).articles).toEqual(articles);
        // A draft's page and unknown paths count in the totals, never in the articles or categories.
        expect(articles.map((article) => article.id)).not.toContain(draft.id);
      }),
      { numRuns: 25 },
    );
  });

  it('counts a view in the UTC day it happened: a range starts at its first midnight and ends before the midnight after its last day', async () => {
    const day = Date.parse('2025-06-10T00:00:00Z');
    await insertViews(
      [day - 1, day, day + DAY_MS - 1, day + DAY_MS, day + 2 * DAY_MS - 1, day + 2 * DAY_MS].map((at) => ({
        at,
        path: '/about',
        source: 'boundary',
        country: 'FR',
      })),
    );
    const views = AnalyticsViewsSchema.parse(await chart('views', { from: '2025-06-10', to: '2025-06-11' }));
    expect(views).toEqual({
      total: 4,
      points: [
        { period: '2025-06-10', value: 2 },
        { period: '2025-06-11', value: 2 },
      ],
    });
    expect(AnalyticsViewsSchema.parse(await chart('views', { from: '2025-06-09', to: '2025-06-09' })).total).toBe(1);
    expect(AnalyticsViewsSchema.parse(await chart('views', { from: '2025-06-12', to: '2025-06-12' })).total).toBe(1);
    // Weeks start on Monday: 2025-06-09 is a Monday, so the whole range is one week.
    expect(AnalyticsViewsSchema.parse(await chart('views', { from: '2025-06-09', to: '2025-06-12', interval: 'week' }))).toEqual({
      total: 6,
      points: [{ period: '2025-06-09', value: 6 }],
    });
  });

  it('answers an empty range with zeros for every period and empty lists', async () => {
    const range = { from: '2024-01-01', to: '2024-01-03' };
    expect(await chart('views', range)).toEqual({ total: 0, points: ['2024-01-01', '2024-01-02', '2024-01-03'].map((period) => ({ period, value: 0 })) });
    for (const name of ['sources', 'countries', 'categories']) expect(await chart(name, range)).toEqual({ total: 0, entries: [] });
    expect(await chart('articles', range)).toEqual({ articles: [] });
  });

  it('counts the views the site sends, by the source it classified and the visitor country', async () => {
    const today = dayOf(Date.now());
    const before = AnalyticsTopSchema.parse(await chart('sources', { from: today, to: today }));
    const send = async (source: string, path: string, country: string) =>
      app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        payload: { path, source, token: await app.get(PageViewTokens).issue(path) },
        headers: { 'accept-language': `en-${country}` },
        remoteAddress: '10.31.0.1',
      });
    for (const [source, path] of [
      ['google', `/article/${published[1]!.slug}`],
      ['newsletter', `/article/${published[1]!.slug}`],
      ['newsletter', '/'],
      ['news.example.org', '/about'],
    ]) {
      expect((await send(source!, path!, 'NZ')).statusCode).toBe(202);
    }
    const after = AnalyticsTopSchema.parse(await chart('sources', { from: today, to: today }));
    const count = (top: typeof after, key: string) => top.entries.find((entry) => entry.key === key)?.views ?? 0;
    expect(after.total - before.total).toBe(4);
    expect({
      google: count(after, 'google') - count(before, 'google'),
      newsletter: count(after, 'newsletter') - count(before, 'newsletter'),
      other: count(after, 'news.example.org') - count(before, 'news.example.org'),
    }).toEqual({
      google: 1,
      newsletter: 2,
      other: 1,
    });
    expect(AnalyticsTopSchema.parse(await chart('countries', { from: today, to: today })).entries).toContainEqual({ key: 'NZ', views: 4 });
    const articles = AnalyticsTopArticlesSchema.parse(await chart('articles', { from: today, to: today })).articles;
    expect(articles.find((article) => article.id === published[1]!.id)).toMatchObject({ views: 2, category: 'Economics', title: published[1]!.title });
  });

  it("draws the newsletter's growth from the subscribers' sign-up days", async () => {
    const subscribe = (email: string, at: string) => sql(`insert into newsletter_subscriber (email, created_at) values (?, ?::timestamptz)`, [email, at]);
    await subscribe('early@example.org', '2023-12-31T23:59:59Z');
    await subscribe('first@example.org', '2024-02-05T00:00:00Z');
    await subscribe('second@example.org', '2024-02-05T13:00:00Z');
    await subscribe('third@example.org', '2024-02-07T23:59:59Z');
    await subscribe('later@example.org', '2024-02-08T00:00:00Z');
    expect(AnalyticsNewsletterSchema.parse(await chart('newsletter', { from: '2024-02-05', to: '2024-02-07' }))).toEqual({
      before: 1,
      points: [
        { period: '2024-02-05', value: 3, joined: 2 },
        { period: '2024-02-06', value: 3, joined: 0 },
        { period: '2024-02-07', value: 4, joined: 1 },
      ],
    });
    expect(AnalyticsNewsletterSchema.parse(await chart('newsletter', { from: '2024-02-05', to: '2024-02-11', interval: 'week' })).points).toEqual([
      { period: '2024-02-05', value: 5, joined: 4 },
    ]);
  });

  it('refuses a bad range field by field, and a caller without a session', async () => {
    const refused = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/admin/analytics/views', query, headers: admin.headers });
      expect(response.statusCode).toBe(400);
      return (response.json() as { details: { field?: string; path?: string }[] }).details;
    };
    expect(JSON.stringify(await refused({ from: '2024-02-05', to: '2024-02-04' }))).toContain('must not be before from');
    expect(JSON.stringify(await refused({ from: '2023-01-01', to: '2024-02-04' }))).toContain('at most 366 days');
    expect(JSON.stringify(await refused({ from: '5 Feb', to: '2024-02-04' }))).toContain('from');
    expect(JSON.stringify(await refused({ from: '2024-02-01', to: '2024-02-04', interval: 'month' }))).toContain('interval');
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/analytics/views', query: { from: '2024-02-01', to: '2024-02-04' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('declares on every chart route that it needs analytics.read', () => {
    const routes = ['views', 'articles', 'categories', 'sources', 'countries', 'newsletter'] as const;
    const declared = routes.map((route) =>
      permissionOf(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, AnalyticsDashboardController.prototype[route]) as { permission?: never }),
    );
    expect(declared).toEqual(routes.map(() => 'analytics.read'));
  });
});
