import { describe, expect, it } from 'vitest';
import { addDays, eachNight, formatLongDate, isValidIsoDate, isoDateSchema, nightsBetween } from './dates.js';

describe('date-only values', () => {
  it('accepts real calendar dates only', () => {
    expect(isValidIsoDate('2028-02-29')).toBe(true);
    expect(isValidIsoDate('2031-02-30')).toBe(false);
    expect(isValidIsoDate('2027-13-01')).toBe(false);
    expect(isValidIsoDate('2027-1-01')).toBe(false);
    expect(isoDateSchema.safeParse('2031-02-30').success).toBe(false);
  });
  it('counts the nights of [checkIn, checkOut) across month and DST boundaries', () => {
    expect(nightsBetween('2027-03-27', '2027-04-03')).toBe(7);
    expect(nightsBetween('2027-10-30', '2027-11-02')).toBe(3);
    expect(nightsBetween('2027-07-10', '2027-07-10')).toBe(0);
    expect(eachNight('2027-12-30', '2028-01-02')).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('formats en-US long dates without shifting a date-only value', () => {
    expect(formatLongDate('2024-06-05')).toBe('June 5, 2024');
    expect(formatLongDate('2027-01-01')).toBe('January 1, 2027');
  });
  it('writes a date-only value as Intl does (it is written out without Intl), day by day for 150 years', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2120, 0, 1); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      expect(formatLongDate(date), date).toBe(intl.format(t));
    }
    // A day past its month's end rolls over as Date.UTC rolls it (as before, when Intl formatted it).
    expect(formatLongDate('2027-02-30')).toBe('March 2, 2027');
    // A timestamp is the reader's local date, from Intl.
    const at = new Date(2027, 5, 5, 23, 30);
    expect(formatLongDate(at)).toBe('June 5, 2027');
    expect(formatLongDate(at.toISOString())).toBe('June 5, 2027');
  });
});

describe('stays may not start in the past', () => {
  const now = new Date('2027-05-10T12:00:00Z');
  it('allows today, yesterday (guests west of UTC) and later, refuses earlier', async () => {
    const { isNotPastStart } = await import('./dates.js');
    expect(isNotPastStart('2027-05-10', now)).toBe(true);
    expect(isNotPastStart('2027-05-09', now)).toBe(true);
    expect(isNotPastStart('2027-05-08', now)).toBe(false);
    expect(isNotPastStart(undefined, now)).toBe(true);
  });
});
