import type { AnalyticsPoint, AnalyticsRangeQuery } from '@ai-mind/contracts';

const DAY_MS = 86_400_000;

const dayString = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first day of the period (UTC) that holds `day`: the day itself, or the Monday of its week. */
export function periodOf(day: string, interval: AnalyticsRangeQuery['interval']): string {
  if (interval === 'day') return day;
  const time = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return dayString(time - sinceMonday * DAY_MS);
}

/** Every period of the range, in order, each labelled by its first day (the first week may begin before `from`). */
export function periodsOf(range: AnalyticsRangeQuery): string[] {
  const periods: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let time = Date.parse(`${range.from}T00:00:00Z`); time <= end; time += DAY_MS) {
    const period = periodOf(dayString(time), range.interval);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/** Daily figures summed into the range's periods, with a zero for a period without any. */
export function sumByPeriod(range: AnalyticsRangeQuery, days: { day: string; value: number }[]): AnalyticsPoint[] {
  const sums = new Map(periodsOf(range).map((period) => [period, 0]));
  for (const { day, value } of days) {
    const period = periodOf(day, range.interval);
    sums.set(period, (sums.get(period) ?? 0) + value);
  }
  return [...sums].map(([period, value]) => ({ period, value }));
}

/** The range as instants: from the start of `from` to the start of the day after `to` (UTC). */
export function instantsOf(range: AnalyticsRangeQuery): { start: string; end: string } {
  return { start: `${range.from}T00:00:00Z`, end: `${dayString(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)}T00:00:00Z` };
}
