import { describe, expect, it } from 'vitest';
import { checkInDaysOf, invenioStayRules, minNightsOf } from './invenio.rules';

describe("Invenio's minimum_nights and allowed_checkin_days as stay rules", () => {
  it.each([
    ['Saturday', [6]],
    ['Saturday,Sunday', [6, 7]],
    ['sat / SUN', [6, 7]],
    ['Friday or Saturday', [5, 6]],
    ['Mon-Fri', [1, 2, 3, 4, 5]],
    ['Friday – Monday', [1, 5, 6, 7]],
    ['Saturday to Saturday', [6]],
    ['Any', null],
    ['', null],
    [null, null],
    ['Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday', null],
    ['weekends', null],
  ])('check-in days %j → %j', (text, days) => {
    expect(checkInDaysOf(text)).toEqual(days);
  });

  it('keeps a minimum stay within 2–365 nights, else none', () => {
    expect(minNightsOf(7)).toBe(7);
    expect(minNightsOf(1)).toBeNull();
    expect(minNightsOf(0)).toBeNull();
    expect(minNightsOf(null)).toBeNull();
    expect(minNightsOf(400)).toBeNull();
  });

  it("takes each price period's terms, else the villa's; a villa without periods keeps its own to the end of next year", () => {
    const villa = { minimum_nights: 7, allowed_checkin_days: 'Saturday' };
    const period = (start: string, end: string, min: number | null, days: string | null) => ({
      start_date: start,
      end_date: end,
      amount: 1000,
      currency_code: 'EUR',
      unit: 'Night',
      minimum_nights: min,
      allowed_checkin_days: days,
    });
    expect(
      invenioStayRules(
        villa,
        [
          period('2031-07-01', '2031-08-31', null, null),
          period('2031-09-01', '2031-09-30', 3, 'Any'),
          period('2031-10-01', '2031-10-31', 1, 'Any'),
        ],
        '2031-06-01',
      ),
    ).toEqual([
      { startDate: '2031-07-01', endDate: '2031-08-31', minNights: 7, checkInDays: [6] },
      { startDate: '2031-09-01', endDate: '2031-09-30', minNights: 3, checkInDays: null },
    ]);
    expect(invenioStayRules(villa, null, '2031-06-01')).toEqual([
      { startDate: '2031-06-01', endDate: '2032-12-31', minNights: 7, checkInDays: [6] },
    ]);
    expect(
      invenioStayRules({ minimum_nights: null, allowed_checkin_days: 'Any' }, null, '2031-06-01'),
    ).toEqual([]);
  });
});
