/**
 * Date-only values stay `yyyy-MM-dd` strings end to end (DESIGN §2). All arithmetic here is done in
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

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const LONG_DATE_UTC = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** en-US long date ('June 5, 2024') for a yyyy-MM-dd or ISO timestamp; date-only values never shift. */
export function formatLongDate(value: string | Date): string {
  const d = typeof value === 'string' && ISO_DATE.test(value) ? new Date(toUtc(value)) : new Date(value);
  const dateOnly = typeof value === 'string' && ISO_DATE.test(value);
  return (dateOnly ? LONG_DATE_UTC : LONG_DATE).format(d);
}

/**
 * A stay may not start in the past. "Today" is the UTC date minus one day, so a guest west of UTC
 * is never refused on their own today.
 */
export function isNotPastStart(checkIn: string | null | undefined, now: Date = new Date()): boolean {
  return !checkIn || checkIn >= addDays(todayIso(now), -1);
}
export const PAST_CHECK_IN_MESSAGE = 'Check-in cannot be in the past';
