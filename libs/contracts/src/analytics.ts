import { z } from './zod.js';

/** The longest date range the dashboard reads at once, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** How many entries a top list (articles, categories, sources, countries) shows. */
export const ANALYTICS_TOP_LIMIT = 10;

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (UTC days). */
const daysInRange = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/**
 * The dashboard's date range: whole UTC days, `from` and `to` both included. Every chart takes it;
 * the charts over time also take their interval (a week starts on Monday).
 */
export const AnalyticsRangeQuerySchema = z
  .object({
    from: day,
    to: day,
    interval: z.enum(['day', 'week'], { error: "must be 'day' or 'week'" }).default('day'),
  })
  .superRefine((range, context) => {
    const days = daysInRange(range.from, range.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > ANALYTICS_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${ANALYTICS_MAX_DAYS} days after from` });
  });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

/** One period of a chart over time: its first day (YYYY-MM-DD) and its figure. */
export const AnalyticsPointSchema = z.object({ period: z.string(), value: z.number().int() });
export type AnalyticsPoint = z.infer<typeof AnalyticsPointSchema>;

/** GET /api/admin/analytics/views: page views per period, every period of the range present. */
export const AnalyticsViewsSchema = z.object({ total: z.number().int(), points: z.array(AnalyticsPointSchema) });
export type AnalyticsViews = z.infer<typeof AnalyticsViewsSchema>;

/** A top list's entry: what (a category, a source, a country code or '' when unknown) and its views. */
const AnalyticsEntrySchema = z.object({ key: z.string(), views: z.number().int() });

/** GET /api/admin/analytics/{categories,sources,countries}: the most viewed first, and the range's total. */
export const AnalyticsTopSchema = z.object({ total: z.number().int(), entries: z.array(AnalyticsEntrySchema) });
export type AnalyticsTop = z.infer<typeof AnalyticsTopSchema>;

/** GET /api/admin/analytics/articles: the most viewed published articles. */
export const AnalyticsTopArticlesSchema = z.object({
  articles: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string(), category: z.string(), views: z.number().int() })),
});
export type AnalyticsTopArticles = z.infer<typeof AnalyticsTopArticlesSchema>;

/**
 * GET /api/admin/analytics/newsletter: addresses on the list at the end of each period (`value`) and
 * how many joined in it; `before` were on the list when the range began.
 */
export const AnalyticsNewsletterSchema = z.object({
  before: z.number().int(),
  points: z.array(AnalyticsPointSchema.extend({ joined: z.number().int() })),
});
export type AnalyticsNewsletter = z.infer<typeof AnalyticsNewsletterSchema>;
