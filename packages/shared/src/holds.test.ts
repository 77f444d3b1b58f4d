import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from './dates.js';
import { formatNightRuns, HOLD_MESSAGES, holdCountdown, holdInputSchema } from './holds.js';

describe('formatNightRuns', () => {
  it('names runs of consecutive nights by their first and last night', () => {
    expect(formatNightRuns(['2026-07-12', '2026-07-13', '2026-07-14'])).toBe('July 12–14, 2026');
    expect(formatNightRuns(['2026-07-12'])).toBe('July 12, 2026');
    expect(formatNightRuns(['2026-07-30', '2026-07-31', '2026-08-01'])).toBe('July 30 – August 1, 2026');
    expect(formatNightRuns(['2026-12-31', '2027-01-01'])).toBe('December 31, 2026 – January 1, 2027');
  });

  it('sorts, removes duplicates and joins separate runs', () => {
    expect(formatNightRuns(['2026-07-20', '2026-07-13', '2026-07-12', '2026-07-12', '2026-07-25'])).toBe(
      'July 12–13, 2026, July 20, 2026 and July 25, 2026',
    );
    expect(formatNightRuns([])).toBe('');
  });
});

describe('holdCountdown', () => {
  const now = new Date('2026-07-01T10:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  it('shows days and hours, hours and minutes, or minutes', () => {
    expect(holdCountdown(at(47 * 60 + 59), now)).toBe('Expires in 1 d 23 h');
    expect(holdCountdown(at(48 * 60), now)).toBe('Expires in 2 d 0 h');
    expect(holdCountdown(at(5 * 60 + 12), now)).toBe('Expires in 5 h 12 min');
    expect(holdCountdown(at(4), now)).toBe('Expires in 4 min');
    expect(holdCountdown(new Date(now.getTime() + 30_000), now)).toBe('Expires in less than a minute');
  });
  it('reads Expired at and after the expiry', () => {
    expect(holdCountdown(at(0), now)).toBe('Expired');
    expect(holdCountdown(at(-5), now)).toBe('Expired');
  });
});

describe('holdInputSchema', () => {
  const start = addDays(todayIso(), 10);
  const base = { inquiryId: 3, checkIn: start, checkOut: addDays(start, 7) };
  const message = (input: unknown) => {
    const r = holdInputSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('defaults to 48 hours and a booking inquiry', () => {
    expect(holdInputSchema.parse({ inquiryId: 3 })).toEqual({
      inquiryId: 3,
      inquiryKind: 'booking',
      expiresInHours: 48,
    });
  });

  it('allows up to 7 days and refuses more, less than an hour and fractions', () => {
    expect(message({ ...base, expiresInHours: 168 })).toBeNull();
    expect(message({ ...base, expiresInHours: 169 })).toBe(HOLD_MESSAGES.tooLong);
    expect(message({ ...base, expiresInHours: 0 })).toBe(HOLD_MESSAGES.tooShort);
    expect(message({ ...base, expiresInHours: 1.5 })).toBe(HOLD_MESSAGES.wholeHours);
  });

  it('refuses a check-out on or before check-in, a past check-in and a stay over 90 nights', () => {
    expect(message({ ...base, checkOut: start })).toBe('Check-out must be after check-in');
    expect(message({ ...base, checkIn: addDays(todayIso(), -3), checkOut: start })).toBe(
      'Check-in cannot be in the past',
    );
    expect(message({ ...base, checkOut: addDays(start, 91) })).toBe(HOLD_MESSAGES.tooManyNights);
    expect(message({ ...base, checkOut: addDays(start, 90) })).toBeNull();
  });

  it('refuses an unknown inquiry kind and an id that is not a positive integer', () => {
    expect(message({ ...base, inquiryKind: 'contact' })).toBe(HOLD_MESSAGES.inquiryKind);
    expect(message({ ...base, inquiryId: -1 })).toBe('Use a numeric id');
  });
});
