/**
 * Date-only values stay `yyyy-MM-dd` strings end to end. All arithmetic here is done in
 * UTC on the calendar date so no time zone can shift a night. Without zod (the schema is in dates.ts):
 * the web app's public pages format dates and load no zod.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

function toUtc(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

export function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY = 86_400_000;

/** Nights in the stay [checkIn, checkOut); negative when checkOut is before checkIn. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((toUtc(checkOut) - toUtc(checkIn)) / DAY);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY);
}

/** Every night of [from, to): the dates a guest sleeps over. */
export function eachNight(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = toUtc(from), end = toUtc(to); t < end; t += DAY) out.push(fromUtc(t));
  return out;
}

/** Today's calendar date in UTC, as yyyy-MM-dd. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The months' names in English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
let longDate: Intl.DateTimeFormat | undefined;

/**
 * en-US long date ('June 5, 2024') for a yyyy-MM-dd or ISO timestamp; date-only values never shift.
 * A date-only value is written out (the text Intl writes): a browser's first use of Intl starts its
 * ICU data, 135–230 ms at Lighthouse's 4× CPU slowdown in Chromium, and the client's page, which
 * shows its stay's dates, would spend it while it hydrates. A timestamp is the reader's local date,
 * which only Intl knows.
 */
export function formatLongDate(value: string | Date): string {
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const d = new Date(toUtc(value));
    return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  }
  longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return longDate.format(new Date(value));
}

/**
 * A stay may not start in the past. "Today" is the UTC date minus one day, so a guest west of UTC
 * is never refused on their own today.
 */
export function isNotPastStart(checkIn: string | null | undefined, now: Date = new Date()): boolean {
  return !checkIn || checkIn >= addDays(todayIso(now), -1);
}
export const PAST_CHECK_IN_MESSAGE = 'Check-in cannot be in the past';
