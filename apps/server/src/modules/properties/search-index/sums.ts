import type { Sums, Villa } from './villa';

/** A running sum's figures at entry `i` of a villa's sums (see `Sums`), into `out`. */
function sumsAt(
  s: Sums,
  i: number,
  out: { price: number; priced: number; blocked: number; foreign: number },
) {
  if (i < 0) {
    out.price = out.priced = out.blocked = out.foreign = 0;
  } else if (i >= s.length) {
    out.price = s.total.price;
    out.priced = s.total.priced;
    out.blocked = s.total.blocked;
    out.foreign = s.total.foreign;
  } else {
    if (s.wide) {
      out.price = s.days[3 * i]!;
      out.priced = s.days[3 * i + 1]!;
      out.blocked = s.days[3 * i + 2]!;
    } else {
      const j = s.base + i * s.stride;
      const packed = s.days[j + 1]!;
      out.price = s.days[j]!;
      out.priced = packed >>> 16;
      out.blocked = packed & 0xffff;
    }
    out.foreign = s.foreign ? s.foreign[i]! : 0;
  }
}
const atIn = { price: 0, priced: 0, blocked: 0, foreign: 0 };
const atOut = { price: 0, priced: 0, blocked: 0, foreign: 0 };

/**
 * The stay's total in the villa's currency, in cents (null = Price on Request), or 'blocked'/'foreign'.
 * Each figure is its check-out day's running sum minus its check-in day's.
 */
export function stayTotal(
  v: Villa,
  checkIn: number,
  checkOut: number,
  nights: number,
): number | null | 'blocked' | 'foreign' {
  const s = v.sums;
  let priced = 0;
  let price = 0;
  if (s && !s.wide && !s.foreign) {
    // The common case, read straight from the pairs (see `Sums`).
    const days = s.days;
    const a = checkIn - s.first - 1;
    const b = checkOut - s.first - 1;
    const ja = s.base + a * s.stride;
    const jb = s.base + b * s.stride;
    const packedIn = a < 0 ? 0 : a >= s.length ? s.totalPacked : days[ja + 1]!;
    const packedOut = b < 0 ? 0 : b >= s.length ? s.totalPacked : days[jb + 1]!;
    if ((packedOut & 0xffff) - (packedIn & 0xffff) > 0) return 'blocked';
    priced = (packedOut >>> 16) - (packedIn >>> 16);
    price =
      (b < 0 ? 0 : b >= s.length ? s.total.price : days[jb]!) -
      (a < 0 ? 0 : a >= s.length ? s.total.price : days[ja]!);
  } else if (s) {
    sumsAt(s, checkIn - s.first - 1, atIn);
    sumsAt(s, checkOut - s.first - 1, atOut);
    if (atOut.blocked - atIn.blocked > 0) return 'blocked';
    if (atOut.foreign - atIn.foreign > 0) return 'foreign';
    priced = atOut.priced - atIn.priced;
    price = atOut.price - atIn.price;
  }
  if (priced < nights && v.baseCents == null) return null;
  return price + (nights - priced) * (v.baseCents ?? 0);
}

/** Villas whose spans reach furthest out (this share at each end) are left out of the window. */
const WINDOW_OUTLIERS = 0.02;
/** A window may hold at most this many times the days its villas' own spans need. */
export const WINDOW_SLACK = 1.5;

/**
 * The day-major window of a full read (see `Sums`): the days [from, from + rows) that almost every
 * villa's span lies in, and each villa's column in it (`slot`, by the spans' order; -1 = none: its
 * span reaches further out, or it has none). Null when the window would waste memory: more than
 * `slack` times the days of the spans it holds.
 */
export function dayMajor(
  spans: readonly { first: number; last: number }[],
  slack: number,
): { from: number; rows: number; count: number; slot: Int32Array } | null {
  const narrow = (s: { first: number; last: number }) => s.last > s.first && s.last - s.first <= 0xffff;
  const firsts = spans.filter(narrow).map((s) => s.first);
  const lasts = spans.filter(narrow).map((s) => s.last);
  if (!firsts.length) return null;
  firsts.sort((a, b) => a - b);
  lasts.sort((a, b) => a - b);
  const cut = Math.floor(firsts.length * WINDOW_OUTLIERS);
  const from = firsts[cut]!;
  const rows = lasts[lasts.length - 1 - cut]! - from;
  const slot = new Int32Array(spans.length).fill(-1);
  let count = 0;
  let own = 0;
  spans.forEach((s, i) => {
    if (narrow(s) && s.first >= from && s.last <= from + rows) {
      slot[i] = count++;
      own += s.last - s.first;
    }
  });
  return count && rows * count <= slack * own ? { from, rows, count, slot } : null;
}

/**
 * Writes lists of running sums (comma-separated integers, in date order) into a villa's sums from day
 * `offset`; a value the narrow layout cannot hold makes the villa's sums wide. False when they do not
 * fit its span (it changed meanwhile).
 */
export function fillAt(
  s: Sums,
  offset: number,
  lists: { price: string; priced: string; foreign_priced: string; blocked: string },
): boolean {
  const price = lists.price.split(',');
  const priced = lists.priced.split(',');
  const blocked = lists.blocked.split(',');
  const foreign = lists.foreign_priced.split(',');
  if (offset < 0 || offset + price.length > s.length) return false;
  for (let i = 0; i < price.length; i++) {
    const day = offset + i;
    const p = Number(price[i]);
    const n = Number(priced[i]);
    const b = Number(blocked[i]);
    const f = Number(foreign[i]);
    if (!s.wide && (p !== (p | 0) || n > 0xffff || b > 0xffff || n < 0 || b < 0)) widen(s);
    if (s.wide) {
      s.days[3 * day] = p;
      s.days[3 * day + 1] = n;
      s.days[3 * day + 2] = b;
    } else {
      const j = s.base + day * s.stride;
      s.days[j] = p;
      s.days[j + 1] = (n << 16) | b;
    }
    if (f !== 0) (s.foreign ??= new Int32Array(s.length))[day] = f;
  }
  s.filled += price.length;
  return true;
}

/** Narrow sums → wide (see `Sums`), keeping what was written. */
function widen(s: Sums) {
  const days = new Float64Array(3 * s.length);
  for (let i = 0; i < s.length; i++) {
    const j = s.base + i * s.stride;
    const packed = s.days[j + 1]!;
    days[3 * i] = s.days[j]!;
    days[3 * i + 1] = packed >>> 16;
    days[3 * i + 2] = packed & 0xffff;
  }
  s.days = days;
  s.base = 0;
  s.stride = 3;
  s.wide = true;
  s.windowed = false;
}
