import { describe, expect, it } from 'vitest';
import {
  checkInDaysMessage,
  checkStay,
  formatPeriod,
  isoWeekday,
  minStayMessage,
  normalizeCheckInDays,
  STAY_RULE_MESSAGES,
  stayRuleInputSchema,
  stayRuleSummary,
  type StayRuleTerms,
} from './stay-rules-schema.js';

// 2031-07-05 is a Saturday.
const SUMMER: StayRuleTerms = {
  startDate: '2031-07-01',
  endDate: '2031-08-31',
  minNights: 7,
  checkInDays: [6],
};
const SPRING: StayRuleTerms = {
  startDate: '2031-04-01',
  endDate: '2031-04-30',
  minNights: 3,
  checkInDays: null,
};

describe('stay rule messages', () => {
  it('says the rule in the words the forms and the server share', () => {
    expect(minStayMessage(SUMMER)).toBe('Minimum stay 7 nights from 1 July');
    expect(checkInDaysMessage([6])).toBe('Check-in on Saturdays');
    expect(checkInDaysMessage([6, 7])).toBe('Check-in on Saturdays or Sundays');
    expect(checkInDaysMessage([5, 6, 7])).toBe('Check-in on Fridays, Saturdays or Sundays');
  });

  it('dates the minimum stay with the year only when the period starts in another year than the stay', () => {
    const winter = { startDate: '2031-12-20', minNights: 10 };
    expect(minStayMessage(winter, '2031-12-27')).toBe('Minimum stay 10 nights from 20 December');
    expect(minStayMessage(winter, '2032-01-02')).toBe('Minimum stay 10 nights from 20 December 2031');
  });

  it('sums a rule up for the villa detail', () => {
    expect(stayRuleSummary(SUMMER, 2031)).toBe('Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug');
    expect(stayRuleSummary(SUMMER, 2030)).toBe('Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug 2031');
    expect(stayRuleSummary({ ...SUMMER, minNights: null, checkInDays: [6, 7] }, 2031)).toBe(
      'Saturday or Sunday check-in, 1 Jul – 31 Aug',
    );
    expect(stayRuleSummary(SPRING, 2031)).toBe('3 nights minimum, 1 Apr – 30 Apr');
    expect(formatPeriod('2031-12-20', '2032-01-05', 2031)).toBe('20 Dec 2031 – 5 Jan 2032');
    expect(formatPeriod('2031-09-14', '2031-09-14', 2031)).toBe('14 Sep');
  });

  it('reads weekdays as ISO (Monday 1 … Sunday 7) whatever the time zone', () => {
    expect(isoWeekday('2031-07-05')).toBe(6);
    expect(isoWeekday('2031-07-06')).toBe(7);
    expect(isoWeekday('2031-07-07')).toBe(1);
    expect(normalizeCheckInDays([7, 6, 6])).toEqual([6, 7]);
    expect(normalizeCheckInDays([1, 2, 3, 4, 5, 6, 7])).toBeNull();
    expect(normalizeCheckInDays([])).toBeNull();
  });
});

describe('checkStay: the rule of the check-in date', () => {
  const rules = [SPRING, SUMMER];

  it('lets through a stay of exactly the minimum starting on an allowed day', () => {
    expect(checkStay(rules, '2031-07-05', '2031-07-12')).toBeNull();
    expect(checkStay(rules, '2031-07-05', '2031-07-26')).toBeNull();
  });

  it('refuses a short stay on the checkOut field and a wrong day on the checkIn field', () => {
    expect(checkStay(rules, '2031-07-05', '2031-07-11')?.issues).toEqual([
      { path: ['checkOut'], message: 'Minimum stay 7 nights from 1 July' },
    ]);
    const both = checkStay(rules, '2031-07-09', '2031-07-12');
    expect(both?.issues).toEqual([
      { path: ['checkIn'], message: 'Check-in on Saturdays' },
      { path: ['checkOut'], message: 'Minimum stay 7 nights from 1 July' },
    ]);
    expect(both?.message).toBe('Check-in on Saturdays. Minimum stay 7 nights from 1 July');
    expect(both?.rule).toBe(SUMMER);
  });

  it("takes the check-in date's rule: the period's first and last day included, the day before not", () => {
    // 2031-06-30 (a Monday) is before the period: no rule, even though the stay runs into July.
    expect(checkStay(rules, '2031-06-30', '2031-07-02')).toBeNull();
    // 2031-07-01 (a Tuesday) is its first day.
    expect(checkStay(rules, '2031-07-01', '2031-07-08')?.issues.map((i) => i.path[0])).toEqual(['checkIn']);
    // 2031-08-31 (a Sunday) is its last day; a short stay from it runs into September and still breaks it.
    expect(checkStay(rules, '2031-08-31', '2031-09-02')?.issues.map((i) => i.message)).toEqual([
      'Check-in on Saturdays',
      'Minimum stay 7 nights from 1 July',
    ]);
    expect(checkStay(rules, '2031-09-01', '2031-09-02')).toBeNull();
  });

  it('checks only the check-in day while the stay has no check-out, and nothing without a check-in', () => {
    expect(checkStay(rules, '2031-07-09', null)?.message).toBe('Check-in on Saturdays');
    expect(checkStay(rules, '2031-07-05', null)).toBeNull();
    expect(checkStay(rules, null, '2031-07-12')).toBeNull();
    expect(checkStay([], '2031-07-09', '2031-07-10')).toBeNull();
  });
});

describe('stayRuleInputSchema', () => {
  const issues = (input: unknown) =>
    stayRuleInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('accepts a Saturday-only, 7-night rule and normalises the weekdays', () => {
    const parsed = stayRuleInputSchema.parse({
      startDate: '2031-07-01',
      endDate: '2031-08-31',
      minNights: 7,
      checkInDays: [6, 6],
    });
    expect(parsed).toEqual({
      startDate: '2031-07-01',
      endDate: '2031-08-31',
      minNights: 7,
      checkInDays: [6],
    });
    expect(
      stayRuleInputSchema.parse({ startDate: '2031-07-01', endDate: '2031-07-01', minNights: 2 }),
    ).toEqual({ startDate: '2031-07-01', endDate: '2031-07-01', minNights: 2, checkInDays: null });
  });

  it('refuses what makes no rule, with a message on the field to fix', () => {
    expect(issues({ startDate: '2031-07-01', endDate: '2031-06-30', minNights: 7 })).toEqual([
      ['endDate', STAY_RULE_MESSAGES.endBeforeStart],
    ]);
    expect(issues({ startDate: '2031-07-01', endDate: '2031-07-31' })).toEqual([
      ['minNights', STAY_RULE_MESSAGES.nothingSet],
    ]);
    // All seven days is no restriction: with no minimum either, nothing is left.
    expect(
      issues({ startDate: '2031-07-01', endDate: '2031-07-31', checkInDays: [1, 2, 3, 4, 5, 6, 7] }),
    ).toEqual([['minNights', STAY_RULE_MESSAGES.nothingSet]]);
    expect(issues({ startDate: '2031-07-01', endDate: '2031-07-31', minNights: 1 })?.[0]).toEqual([
      'minNights',
      STAY_RULE_MESSAGES.minNights,
    ]);
    expect(issues({ startDate: '2031-07-01', endDate: '2031-07-31', checkInDays: [0] })?.[0]).toEqual([
      'checkInDays.0',
      STAY_RULE_MESSAGES.weekday,
    ]);
    expect(issues({ startDate: '2020-07-01', endDate: '2020-07-31', minNights: 7 })).toEqual([
      ['endDate', STAY_RULE_MESSAGES.ended],
    ]);
    expect(issues({ startDate: '2031-02-30', endDate: '2031-07-31', minNights: 7 })?.[0]?.[0]).toBe(
      'startDate',
    );
  });
});
