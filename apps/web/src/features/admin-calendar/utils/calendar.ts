import {
  addDays,
  eachNight,
  isPriceOnRequest,
  nightsBetween,
  toCents,
  fromCents,
  type Currency,
} from '@villas/shared';
import {
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  nextSaturday,
  parseISO,
  startOfMonth,
  startOfWeek,
  subMonths,
} from 'date-fns';

/**
 * Pure date and price rules of the calendar and pricing manager (docs/product/pricing-and-availability.md#the-calendar-and-pricing-manager). Dates are
 * yyyy-MM-dd strings throughout; date-fns reads them as local midnights for weekday and month maths,
 * and the shared helpers (UTC) add and count nights, so no time zone can shift a night.
 */

export const toIso = (d: Date) => format(d, 'yyyy-MM-dd');
export const fromIso = (iso: string) => parseISO(iso);

/** First day of the month of `iso`, as yyyy-MM-dd. */
export const monthOf = (iso: string) => toIso(startOfMonth(fromIso(iso)));
export const shiftMonth = (month: string, by: number) => toIso(addMonths(fromIso(month), by));
/** Same day-of-month `by` months later, clamped to the month's end (PageUp/PageDown). */
export const shiftDateByMonths = (iso: string, by: number) => toIso(addMonths(fromIso(iso), by));
export const monthTitle = (month: string) => format(fromIso(month), 'MMMM yyyy');
/** 'Saturday, July 4, 2026' (en-US). */
export const longDayName = (iso: string) => format(fromIso(iso), 'EEEE, MMMM d, yyyy');
export const shortDayName = (iso: string) => format(fromIso(iso), 'EEE, MMM d, yyyy');
export const weekdayOf = (iso: string) => getDay(fromIso(iso));
export const weekStart = (iso: string) => toIso(startOfWeek(fromIso(iso), { weekStartsOn: 0 }));
export const weekEnd = (iso: string) => toIso(endOfWeek(fromIso(iso), { weekStartsOn: 0 }));

/**
 * The weeks (Sunday first) shown for a month: each week is 7 slots, a date of the month or null for
 * the days of the neighbouring months.
 */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = startOfMonth(fromIso(month));
  const last = toIso(endOfMonth(first));
  const firstIso = toIso(first);
  const weeks: Array<Array<string | null>> = [];
  let day = weekStart(firstIso);
  while (day <= last) {
    const week: Array<string | null> = [];
    for (let i = 0; i < 7; i++) {
      week.push(day >= firstIso && day <= last ? day : null);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Availability and pricing are read for 2 months either side of the viewed month. */
export function dataWindow(month: string): { startDate: string; endDate: string } {
  const m = fromIso(month);
  return {
    startDate: toIso(startOfMonth(subMonths(m, 2))),
    endDate: toIso(endOfMonth(addMonths(m, 2))),
  };
}

/** Every date from `a` to `b` inclusive, whichever comes first. */
export function datesBetween(a: string, b: string): string[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  return eachNight(from, addDays(to, 1));
}

/**
 * Crossover (changeover) days: the first free day after blocked nights. The guests of the nights
 * before leave that morning and new ones may arrive that afternoon, so the day is available: a
 * search accepts a check-in on it. The last blocked night itself is a night nobody can book, and is
 * drawn plainly blocked (a search refuses a check-in there).
 */
export function crossoverDates(blockedNights: Iterable<string>): Set<string> {
  const blocked = new Set(blockedNights);
  const out = new Set<string>();
  for (const d of blocked) {
    const next = addDays(d, 1);
    if (!blocked.has(next)) out.add(next);
  }
  return out;
}

/** 'held': blocked by an agent's hold, released or confirmed from the Notifications tab. */
export type DayStatus = 'available' | 'blocked' | 'crossover' | 'held';

export const STATUS_LABEL: Record<DayStatus, string> = {
  available: 'available',
  blocked: 'blocked',
  crossover: 'crossover (check-out day, available for arrival)',
  held: 'held for an agent',
};

/**
 * Consecutive runs of dates as nightly ranges [from, to): what `POST /api/daily-pricing/bulk` takes.
 * Duplicates are ignored; order does not matter.
 */
export function consecutiveRuns(dates: Iterable<string>): Array<{ from: string; to: string }> {
  const sorted = [...new Set(dates)].sort();
  const runs: Array<{ from: string; to: string }> = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && last.to === d) last.to = addDays(d, 1);
    else runs.push({ from: d, to: addDays(d, 1) });
  }
  return runs;
}

/**
 * The selected nights as the ranges they make, in words ('Dec 10 – Dec 14, 2026; Jan 3, 2027'): what
 * an apply dialog will change, off-screen months included.
 */
export function runsInWords(dates: Iterable<string>): string {
  return consecutiveRuns(dates)
    .map(({ from, to }) => {
      const last = addDays(to, -1);
      if (last === from) return format(fromIso(from), 'MMM d, yyyy');
      const sameYear = from.slice(0, 4) === last.slice(0, 4);
      return `${format(fromIso(from), sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(fromIso(last), 'MMM d, yyyy')}`;
    })
    .join('; ');
}

export type QuickSelect = 'next7' | 'next14' | 'next30' | 'thisWeekend' | 'nextWeekend';

export const QUICK_SELECTS: Array<{ id: QuickSelect; label: string }> = [
  { id: 'next7', label: 'Next 7 days' },
  { id: 'next14', label: 'Next 2 weeks' },
  { id: 'next30', label: 'Next month (30 days)' },
  { id: 'thisWeekend', label: 'This weekend' },
  { id: 'nextWeekend', label: 'Next weekend' },
];

/** Quick selects (7, 14 and 30 days from today, and weekends), never a past date. */
export function quickSelectDates(kind: QuickSelect, today: string): string[] {
  const days = (n: number) => eachNight(today, addDays(today, n));
  const dow = weekdayOf(today);
  // On a Sunday the weekend under way is today only; otherwise the coming (or current) Saturday.
  const thisSaturday = dow === 6 ? today : toIso(nextSaturday(fromIso(today)));
  switch (kind) {
    case 'next7':
      return days(7);
    case 'next14':
      return days(14);
    case 'next30':
      return days(30);
    case 'thisWeekend':
      return dow === 0 ? [today] : [thisSaturday, addDays(thisSaturday, 1)];
    case 'nextWeekend': {
      const sat = dow === 0 ? thisSaturday : addDays(thisSaturday, 7);
      return [sat, addDays(sat, 1)];
    }
  }
}

const AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** en-US amount with at most 2 decimals: 1500 → '1,500', 99.5 → '99.5'. */
export const formatAmount = (n: number) => AMOUNT.format(n);
/** 'EUR 1,500' */
export const priceLabel = (price: number, currency: string) => `${currency} ${formatAmount(price)}`;

/** The header's base price: 'EUR 1,200/night', or 'Price on Request' when there is none. */
export function basePriceLabel(basePricePerNight: number | null, currency: string): string {
  return isPriceOnRequest(basePricePerNight)
    ? 'Price on Request'
    : `${priceLabel(basePricePerNight!, currency)}/night`;
}

/** Single-date pricing: the price must be a whole number. Null when it is not. */
export function parseWholePrice(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}
export const INVALID_PRICE_MESSAGE = 'Please enter a valid price.';

/** One row of the Date Range Pricing overlay as typed. */
export interface RangeDraft {
  id: string;
  from: string | null;
  to: string | null;
  /** As typed in the number field. */
  price: string;
  currency: Currency;
}

/** Nights of a range: from the start date up to but not including the end date; 0 when incomplete. */
export function rangeNights(r: Pick<RangeDraft, 'from' | 'to'>): number {
  if (!r.from || !r.to) return 0;
  return Math.max(0, nightsBetween(r.from, r.to));
}

const priceOf = (text: string) => {
  const t = text.trim();
  if (!t) return NaN;
  return Number(t);
};

/** Nights × price per night, exact in cents; null without a usable price. */
export function rangeTotal(r: RangeDraft): number | null {
  const price = priceOf(r.price);
  if (!Number.isFinite(price) || price <= 0) return null;
  return fromCents(toCents(price) * rangeNights(r));
}

/**
 * The rows that name nights but no usable price (empty, 0 or less): refused with a message naming
 * the range, never skipped in silence (the administrator would read '14 dates set' for 16 asked).
 */
export function unpricedRanges(rows: RangeDraft[]): Array<{ id: string; message: string }> {
  return rows.flatMap((r, i) => {
    const price = priceOf(r.price);
    if (rangeNights(r) === 0 || (Number.isFinite(price) && price > 0)) return [];
    return [{ id: r.id, message: `Date range ${i + 1}: enter a price per night above 0.` }];
  });
}

/**
 * The ranges worth sending: both dates, a price above 0, and an end not before the
 * start. A range whose end equals its start has no night to price, so it is skipped too.
 */
export function validRanges(
  rows: RangeDraft[],
): Array<{ from: string; to: string; price: number; currency: RangeDraft['currency'] }> {
  return rows.flatMap((r) => {
    const price = priceOf(r.price);
    if (!r.from || !r.to || !Number.isFinite(price) || price <= 0 || r.to < r.from) return [];
    if (rangeNights(r) === 0) return [];
    return [{ from: r.from, to: r.to, price, currency: r.currency }];
  });
}
