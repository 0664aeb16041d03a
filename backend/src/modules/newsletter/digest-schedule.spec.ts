import { latestSlot, nextSlot } from './digest-schedule.js';

describe('the digest schedule', () => {
  const at = (iso: string) => new Date(iso);

  it('is off without slots', () => {
    expect(latestSlot({ cadence: 'off', weekday: 0, sendTime: '08:00' }, at('2026-03-04T12:00:00Z'))).toBeNull();
    expect(nextSlot({ cadence: 'off', weekday: 0, sendTime: '08:00' }, at('2026-03-04T12:00:00Z'))).toBeNull();
  });

  it('daily: today at the time once it has passed, else yesterday', () => {
    const daily = { cadence: 'daily', weekday: 0, sendTime: '08:30' } as const;
    expect(latestSlot(daily, at('2026-03-04T08:30:00Z'))).toEqual(at('2026-03-04T08:30:00Z'));
    expect(latestSlot(daily, at('2026-03-04T08:29:59Z'))).toEqual(at('2026-03-03T08:30:00Z'));
    expect(nextSlot(daily, at('2026-03-04T09:00:00Z'))).toEqual(at('2026-03-05T08:30:00Z'));
  });

  it('weekly: the latest given weekday at the time (2026-03-04 is a Wednesday)', () => {
    const sundays = { cadence: 'weekly', weekday: 0, sendTime: '07:00' } as const;
    expect(latestSlot(sundays, at('2026-03-04T12:00:00Z'))).toEqual(at('2026-03-01T07:00:00Z'));
    expect(nextSlot(sundays, at('2026-03-04T12:00:00Z'))).toEqual(at('2026-03-08T07:00:00Z'));
    const wednesdays = { cadence: 'weekly', weekday: 3, sendTime: '18:00' } as const;
    expect(latestSlot(wednesdays, at('2026-03-04T17:59:00Z'))).toEqual(at('2026-02-25T18:00:00Z'));
    expect(latestSlot(wednesdays, at('2026-03-04T18:00:00Z'))).toEqual(at('2026-03-04T18:00:00Z'));
  });
});
