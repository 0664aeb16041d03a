import type { NewsletterSchedule } from '@ai-mind/contracts';

const DAY_MS = 24 * 3600 * 1000;

/** How far back the first digest looks, by cadence (a manual digest without a schedule: a week). */
export function periodLengthMs(cadence: NewsletterSchedule['cadence']): number {
  return cadence === 'daily' ? DAY_MS : 7 * DAY_MS;
}

/** The latest time at or before `now` a digest was due by the schedule (UTC), or null when it is off. */
export function latestSlot(schedule: NewsletterSchedule, now: Date): Date | null {
  if (schedule.cadence === 'off') return null;
  const [hours, minutes] = schedule.sendTime.split(':').map(Number) as [number, number];
  let slot = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  if (schedule.cadence === 'daily') {
    if (slot > now.getTime()) slot -= DAY_MS;
    return new Date(slot);
  }
  slot -= ((now.getUTCDay() - schedule.weekday + 7) % 7) * DAY_MS;
  if (slot > now.getTime()) slot -= 7 * DAY_MS;
  return new Date(slot);
}

/** The next time after `now` a digest is due, or null when the schedule is off. */
export function nextSlot(schedule: NewsletterSchedule, now: Date): Date | null {
  const latest = latestSlot(schedule, now);
  return latest && new Date(latest.getTime() + periodLengthMs(schedule.cadence));
}
