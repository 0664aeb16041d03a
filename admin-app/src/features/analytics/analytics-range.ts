import { ANALYTICS_MAX_DAYS, AnalyticsRangeQuerySchema, type AnalyticsRangeQuery } from '@ai-mind/contracts';

const DAY_MS = 86_400_000;

/** The tab's quick ranges, each ending today (UTC). */
export const RANGE_PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '12 months', days: ANALYTICS_MAX_DAYS - 1 },
] as const;
export const DEFAULT_PRESET_DAYS = 30;

/** Today as a UTC day: the dashboard's days are UTC days, whatever the editor's clock says. */
export const utcToday = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The `days` days ending today, both ends included. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = utcToday(now);
  return { from: new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to };
}

/**
 * The range in the tab's URL (`from`, `to`, `interval`), or the last 30 days by day when it has none.
 * A range the server would refuse is shown as the default with the reason, never sent.
 */
export function rangeOf(params: URLSearchParams, now = Date.now()): { range: AnalyticsRangeQuery; problem: string | null } {
  const fallback: AnalyticsRangeQuery = { ...lastDays(DEFAULT_PRESET_DAYS, now), interval: 'day' };
  if (!params.get('from') && !params.get('to') && !params.get('interval')) return { range: fallback, problem: null };
  const parsed = AnalyticsRangeQuerySchema.safeParse({
    from: params.get('from') || fallback.from,
    to: params.get('to') || fallback.to,
    ...(params.get('interval') ? { interval: params.get('interval') } : {}),
  });
  if (parsed.success) return { range: parsed.data, problem: null };
  const issue = parsed.error.issues[0]!;
  return { range: fallback, problem: `${issue.path.join('.') || 'range'} ${issue.message}` };
}
