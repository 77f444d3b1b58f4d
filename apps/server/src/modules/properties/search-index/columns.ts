import { NIGHTS_PER_WEEK } from '@villas/shared';
import { roundCents } from './decimal';
import type { Villa, Window } from './villa';

/** Whether a stay rule of villa `k` forbids this check-in (see `Rule`). */
export function breaksRule(c: Columns, k: number, checkIn: number, nights: number, weekday: number): boolean {
  const { start, end, minNights, days } = c.rules;
  for (let r = c.ruleAt[k]!; r < c.ruleAt[k + 1]!; r++) {
    if (start[r]! > checkIn || end[r]! < checkIn) continue;
    // minNights 0 = none (a rule's minimum is 2 to 365: migration 0010).
    if (minNights[r]! > nights || (days[r] !== 0 && (days[r]! & (1 << weekday)) === 0)) return true;
  }
  return false;
}

/** `Columns.flags` */
export const AVAILABLE = 1;
export const HAS_RULES = 2;
/** The undated weekly price is within a millionth of a cent of a rounding tie: the database decides. */
export const WEEKLY_UNSURE = 4;

/**
 * What a search's loop reads of each villa, one typed array per figure, in scan order (id order). A
 * search reads a few kB of these instead of two objects per villa (3 MB at 10,000 villas, a cache
 * miss or two each): the dated all-country search's decision went from ~0.6 to ~0.35 ms there
 * (docs/perf/search-plans.md, eighth round). The villas' objects serve what is rare: amenities, sums
 * outside the window, the page's hits.
 */
export interface Columns {
  villas: Villa[];
  ids: Int32Array;
  bedrooms: Int32Array;
  flags: Uint8Array;
  /** Interned lower() of the destination (`destinationIds`); -1 = none. */
  destination: Int32Array;
  /** The featured sort's key: (featured ? 0 : 1e9) + nameRank. */
  featuredKey: Float64Array;
  /** Nightly base price in cents; NaN = none. */
  baseCents: Float64Array;
  /** The rate to EUR as a float; NaN = none. */
  rate: Float64Array;
  /** The undated weekly price in EUR cents; NaN = none (no base price or no rate). */
  weekly: Float64Array;
  /** Where the villa's pair is in a row of the window (2 × its slot); -1 = its sums are not in it. */
  column: Int32Array;
  /** The villa's stay rules: `rules.*[ruleAt[k] .. ruleAt[k + 1])`. */
  ruleAt: Int32Array;
  rules: { start: Int32Array; end: Int32Array; minNights: Int32Array; days: Int32Array };
}

export function columnsOf(
  villas: Villa[],
  window: Window | null,
  destinationIds: Map<string, number>,
): Columns {
  const n = villas.length;
  const ruleCount = villas.reduce((sum, v) => sum + v.rules.length, 0);
  const rules = {
    start: new Int32Array(ruleCount),
    end: new Int32Array(ruleCount),
    minNights: new Int32Array(ruleCount),
    days: new Int32Array(ruleCount),
  };
  const c: Columns = {
    villas,
    ids: new Int32Array(n),
    bedrooms: new Int32Array(n),
    flags: new Uint8Array(n),
    destination: new Int32Array(n),
    featuredKey: new Float64Array(n),
    baseCents: new Float64Array(n),
    rate: new Float64Array(n),
    weekly: new Float64Array(n),
    column: new Int32Array(n),
    ruleAt: new Int32Array(n + 1),
    rules,
  };
  let r = 0;
  villas.forEach((v, k) => {
    c.ids[k] = v.id;
    c.bedrooms[k] = v.bedrooms;
    const weekly =
      v.baseCents != null && v.rate ? roundCents(v.baseCents * NIGHTS_PER_WEEK, v.rate, 1) : null;
    c.flags[k] =
      (v.available ? AVAILABLE : 0) |
      (v.rules.length ? HAS_RULES : 0) |
      (weekly === undefined ? WEEKLY_UNSURE : 0);
    c.destination[k] = v.destination == null ? -1 : destinationIds.get(v.destination)!;
    c.featuredKey[k] = (v.featured ? 0 : 1e9) + v.nameRank;
    c.baseCents[k] = v.baseCents ?? NaN;
    c.rate[k] = v.rate?.value ?? NaN;
    c.weekly[k] = weekly ?? NaN;
    const s = v.sums;
    c.column[k] =
      window && s?.windowed && s.days === window.days && !s.foreign
        ? s.base - (s.first - window.from) * s.stride
        : -1;
    c.ruleAt[k] = r;
    for (const rule of v.rules) {
      rules.start[r] = rule.start;
      rules.end[r] = rule.end;
      rules.minNights[r] = rule.minNights ?? 0;
      rules.days[r] = rule.days;
      r++;
    }
  });
  c.ruleAt[n] = r;
  return c;
}

/** Villa `id`'s sums are no longer in the window (`Columns.column`); the columns are in id order. */
export function leaveWindow(c: Columns, id: number): void {
  let lo = 0;
  let hi = c.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  if (c.ids[lo] === id) c.column[lo] = -1;
}
