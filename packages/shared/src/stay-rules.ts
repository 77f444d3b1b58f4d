/**
 * Stay rules: per villa and period, a minimum number of nights and/or the weekdays a
 * stay may start on. The rule that applies to a stay is the one whose period (both dates included)
 * contains the stay's check-in date, the convention of villa rental (a stay starting on 31 August
 * follows August's rule even when it runs into September). Without zod, like calendar.ts: the
 * client's villa dialog checks a stay before it is sent and loads no zod for it (the schemas are in
 * stay-rules-schema.ts).
 */

import { MONTH_NAMES } from './calendar.js';

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** The limits of a rule's minimum stay (a minimum of 1 night is no rule at all). */
export const STAY_RULE_LIMITS = { minNights: 2, maxNights: 365 } as const;

/** A rule as the forms and the messages read it. */
export interface StayRuleTerms {
  /** First day of the period (yyyy-MM-dd), included. */
  startDate: string;
  /** Last day of the period (yyyy-MM-dd), included. */
  endDate: string;
  /** The fewest nights a stay starting in the period may have; null = no minimum. */
  minNights: number | null;
  /** The weekdays a stay starting in the period may start on; null = any day. */
  checkInDays: number[] | null;
}

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

/** The ISO weekday (1 = Monday … 7 = Sunday) of a yyyy-MM-dd date, whatever the time zone. */
export function isoWeekday(date: string): Weekday {
  const { y, m, d } = parts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** '1 July', or '1 July 2027' with the year. */
export function dayMonth(date: string, withYear = false): string {
  const { y, m, d } = parts(date);
  return `${d} ${MONTH_NAMES[m - 1]}${withYear ? ` ${y}` : ''}`;
}

const short = (date: string, withYear: boolean) => {
  const { y, m, d } = parts(date);
  return `${d} ${MONTH_NAMES[m - 1]!.slice(0, 3)}${withYear ? ` ${y}` : ''}`;
};

/**
 * A period in short: '1 Jul – 31 Aug' in the current year, '1 Jul – 31 Aug 2027' in another one,
 * '20 Dec 2026 – 5 Jan 2027' across a new year, '1 Jul' for one day.
 */
export function formatPeriod(startDate: string, endDate: string, thisYear: number): string {
  const a = parts(startDate).y;
  const b = parts(endDate).y;
  if (startDate === endDate) return short(startDate, a !== thisYear);
  if (a !== b) return `${short(startDate, true)} – ${short(endDate, true)}`;
  return `${short(startDate, false)} – ${short(endDate, a !== thisYear)}`;
}

/** Sorted, distinct, valid ISO weekdays; null when none or all seven (= no restriction). */
export function normalizeCheckInDays(days: readonly number[] | null | undefined): Weekday[] | null {
  if (!days) return null;
  const set = [...new Set(days)].filter((d): d is Weekday => Number.isInteger(d) && d >= 1 && d <= 7);
  set.sort((x, y) => x - y);
  return set.length === 0 || set.length === 7 ? null : set;
}

/** 'Saturdays', 'Saturdays or Sundays', 'Fridays, Saturdays or Sundays'. */
function weekdayList(days: readonly number[], plural: boolean): string {
  const names = days.map((d) => `${WEEKDAY_NAMES[d as Weekday]}${plural ? 's' : ''}`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The check-in day message: 'Check-in on Saturdays', 'Check-in on Saturdays or Sundays'. */
export function checkInDaysMessage(days: readonly number[]): string {
  return `Check-in on ${weekdayList(days, true)}`;
}

/**
 * The minimum stay message, dated by the period's first day: 'Minimum stay 7 nights from 1 July'
 * (with the year when the period starts in another year than the stay).
 */
export function minStayMessage(
  rule: Pick<StayRuleTerms, 'startDate' | 'minNights'>,
  checkIn?: string,
): string {
  const otherYear = checkIn != null && parts(checkIn).y !== parts(rule.startDate).y;
  return `Minimum stay ${rule.minNights} nights from ${dayMonth(rule.startDate, otherYear)}`;
}

/**
 * A rule in brief, as a villa's detail lists it: 'Saturday check-in, 7 nights minimum, 1 Jul – 31 Aug'
 * ('Saturday or Sunday check-in', '5 nights minimum', …).
 */
export function stayRuleSummary(rule: StayRuleTerms, thisYear: number): string {
  const days = normalizeCheckInDays(rule.checkInDays);
  return [
    days ? `${weekdayList(days, false)} check-in` : null,
    rule.minNights != null ? `${rule.minNights} nights minimum` : null,
    formatPeriod(rule.startDate, rule.endDate, thisYear),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The rule whose period contains `checkIn`, if any (periods of one villa never overlap). */
export function ruleForCheckIn<R extends Pick<StayRuleTerms, 'startDate' | 'endDate'>>(
  rules: readonly R[],
  checkIn: string,
): R | undefined {
  return rules.find((r) => r.startDate <= checkIn && checkIn <= r.endDate);
}

export interface StayRuleIssue {
  path: ['checkIn'] | ['checkOut'];
  message: string;
}

export interface StayRuleBreach<R extends StayRuleTerms = StayRuleTerms> {
  rule: R;
  /** What is broken, each on the field to change: the check-in day on checkIn, the length on checkOut. */
  issues: StayRuleIssue[];
  /** The issues in one sentence: 'Check-in on Saturdays. Minimum stay 7 nights from 1 July'. */
  message: string;
}

/**
 * Whether a stay keeps the rule of its check-in date: null when it does (or has no check-in yet),
 * else what it breaks. With only a check-in, only the check-in day is checked.
 */
export function checkStay<R extends StayRuleTerms>(
  rules: readonly R[],
  checkIn: string | null | undefined,
  checkOut?: string | null,
): StayRuleBreach<R> | null {
  if (!checkIn) return null;
  const rule = ruleForCheckIn(rules, checkIn);
  if (!rule) return null;
  const issues: StayRuleIssue[] = [];
  const days = normalizeCheckInDays(rule.checkInDays);
  if (days && !days.includes(isoWeekday(checkIn))) {
    issues.push({ path: ['checkIn'], message: checkInDaysMessage(days) });
  }
  if (rule.minNights != null && checkOut && checkOut > checkIn) {
    const { y: y1, m: m1, d: d1 } = parts(checkIn);
    const { y: y2, m: m2, d: d2 } = parts(checkOut);
    const nights = Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
    if (nights < rule.minNights) {
      issues.push({ path: ['checkOut'], message: minStayMessage(rule, checkIn) });
    }
  }
  if (!issues.length) return null;
  return { rule, issues, message: issues.map((i) => i.message).join('. ') };
}
