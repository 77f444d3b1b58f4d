import { addDays, todayIso } from '@villas/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fakes/invenio';
import { processEnv } from '../../../config/env';
import { IcalParseError, parseFeed } from './ical.parse';

const today = todayIso();
const window = { start: addDays(today, -1), end: addDays(today, 730) };
const d = (n: number) => addDays(today, n);
const range = (from: string, to: string) => {
  const out: string[] = [];
  for (let x = from; x < to; x = addDays(x, 1)) out.push(x);
  return out;
};
const next = String(new Date().getUTCFullYear() + 1);
const load = (name: string) => fixture(`ical/${name}.ics`, 'http://127.0.0.1:1');

const originalTz = processEnv.TZ;
afterAll(() => {
  if (originalTz === undefined) delete processEnv.TZ;
  else processEnv.TZ = originalTz;
});

describe('iCal parsing', () => {
  it('keeps all-day dates as dates in every time zone, across DST changes (DTEND exclusive)', () => {
    const expected = [...range(`${next}-03-20`, `${next}-04-03`), ...range(`${next}-10-23`, `${next}-11-01`)];
    for (const tz of [
      'UTC',
      'Europe/Paris',
      'America/Los_Angeles',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ]) {
      processEnv.TZ = tz;
      const parsed = parseFeed(load('dst'), window);
      expect([...parsed.nights.keys()].sort(), tz).toEqual(expected.filter((n) => n >= window.start));
      expect(parsed.nights.get(`${next}-03-28`), tz).toBe('Owner stay (Easter)');
    }
  });

  it("reads an Airbnb feed: 'Airbnb (Not available)' and 'Reserved' both block, check-out day free", () => {
    const parsed = parseFeed(load('pins-bleus'), window);
    expect([...parsed.nights.keys()]).toEqual([...range(d(10), d(14)), ...range(d(20), d(25))]);
    expect(parsed.nights.get(d(10))).toBe('Airbnb (Not available)');
    expect(parsed.events).toBe(2);
  });

  it("reads Booking.com's 'CLOSED - Not available' and Vrbo's tentative holds; cancelled events do not block", () => {
    expect([...parseFeed(load('edelweiss'), window).nights.keys()]).toEqual(range(d(3), d(6)));
    const vrbo = parseFeed(load('kalima'), window);
    expect([...vrbo.nights.keys()]).toEqual([...range(d(7), d(9)), ...range(d(15), d(18))]);
    expect(vrbo.nights.get(d(7))).toBe('Tentative: Reserved - Maria K');
  });

  it('expands recurring events (RRULE, EXDATE) within two years; timed stays by their own zone; free time ignored', () => {
    processEnv.TZ = 'America/New_York';
    const parsed = parseFeed(load('recurring'), window);
    const nights = [...parsed.nights.keys()].sort();
    // Which event blocks a night: the dates are relative to today, so another event (the yearly
    // closure on 5-6 January) may block the same night; each check is about its own event.
    const by = (summary: string) => nights.filter((n) => parsed.nights.get(n) === summary);
    // Weekly ×4 from d+7, one week excluded.
    for (const n of [d(7), d(21), d(28)]) expect(nights).toContain(n);
    // Never the excluded week (d+14) nor a fifth one (d+35).
    expect(by('Pool maintenance').every((n) => [d(7), d(21), d(28)].includes(n))).toBe(true);
    // Yearly closure: every year inside the window, no further.
    const closures = by('Annual closure');
    expect(closures.length).toBeGreaterThanOrEqual(2);
    expect(closures.every((n) => /-01-0[56]$/.test(n) && n >= `${next}-01-05` && n < window.end)).toBe(true);
    // 16:00 Paris → 10:00 Paris three days later: three nights, whatever the server's zone.
    expect(nights).toEqual(expect.arrayContaining([d(40), d(41), d(42)]));
    expect(by('Guest stay (times)')).not.toContain(d(43));
    expect(by('Guest stay (times)')).not.toContain(d(39));
    // TRANSP:TRANSPARENT does not block.
    expect(nights.filter((n) => parsed.nights.get(n) === 'Gardener visit (free)')).toEqual([]);
  });

  it('blocks the one day of an all-day event without DTEND, and refuses what is not a calendar', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:one-day@x',
      `DTSTART;VALUE=DATE:${d(5).replaceAll('-', '')}`,
      'SUMMARY:Blocked',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect([...parseFeed(ics, window).nights.keys()]).toEqual([d(5)]);
    expect(() => parseFeed('<html>Sign in</html>', window)).toThrow(IcalParseError);
  });
});
