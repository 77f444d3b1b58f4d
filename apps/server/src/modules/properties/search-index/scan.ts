import { NIGHTS_PER_WEEK, type PropertySort } from '@villas/shared';
import { AVAILABLE, breaksRule, HAS_RULES, WEEKLY_UNSURE, type Columns } from './columns';
import { roundCents, roundFloat } from './decimal';
import { stayTotal } from './sums';
import type { TopHits } from './top-k';

const BY_FEATURED = 0;
const BY_BEDROOMS = 1;
const BY_PRICE_ASC = 2;
const BY_PRICE_DESC = 3;
/** The sorts as small integers, for the search's loop. */
export const SORT_CODES: Record<PropertySort, number> = {
  featured: BY_FEATURED,
  bedrooms: BY_BEDROOMS,
  'price-asc': BY_PRICE_ASC,
  'price-desc': BY_PRICE_DESC,
};

/** A search as `scan` takes it (see `SearchIndex.plan`). */
export interface Scan {
  bedrooms: number;
  /** Interned (`Columns.destination`); -1 = any, -2 = one no villa has. */
  destination: number;
  amenities: readonly number[];
  dated: boolean;
  checkIn: number;
  checkOut: number;
  nights: number;
  weekday: number;
  /** In EUR cents (Infinity = none). */
  budget: number;
  needsWeekly: boolean;
  sortBy: number;
  /** The window's array when both the check-in's and the check-out's rows are in it, and where they are. */
  days: Int32Array | null;
  rowIn: number;
  rowOut: number;
  foreignTotals: ReadonlyMap<number, number | null> | undefined;
}

/**
 * The search's loop over some villas' columns: keeps the page's hits in `top`, the villas whose stay
 * needs the database's total in `foreign`, and says how many match (undefined: the database decides).
 * A function of its own, not inlined in `plan`: V8 optimises it whole, where a loop inside `plan` ran
 * as on-stack-replaced code that was thrown away after each search (`--trace-deopt`).
 */
export function scan(c: Columns, q: Scan, top: TopHits, foreign: number[]): number | undefined {
  const { villas, ids, flags, column, bedrooms: bedroomsOf, baseCents, rate: rateOf } = c;
  const { featuredKey, weekly: weeklyOf, destination: destinationOf } = c;
  const { bedrooms, destination, amenities, dated, checkIn, checkOut, nights, weekday, budget } = q;
  const { needsWeekly, sortBy, days, rowIn, rowOut } = q;
  // A sort by price needs each weekly price; the other sorts only whether it is within the budget,
  // which is plain for all but the stays within a cent or two of it: a stay whose cost × 7 × rate is
  // at most (budget − 1) × nights is within it, at least (budget + 2) × nights over it. (The float's
  // relative error, ~1e-16, is far below a cent for any weekly price under 10^12 cents.) Saves a
  // division and a rounding per villa (docs/perf/search-plans.md, eighth round).
  const pricedSort = sortBy === BY_PRICE_ASC || sortBy === BY_PRICE_DESC;
  const surelyWithin = (budget - 1) * nights;
  const surelyOver = (budget + 2) * nights;
  let total = 0;
  for (let k = 0; k < villas.length; k++) {
    if (bedroomsOf[k]! < bedrooms) continue;
    if (destination !== -1 && destinationOf[k] !== destination) continue;
    if (amenities.length && !amenities.every((a) => villas[k]!.amenities.includes(a))) continue;
    const f = flags[k]!;
    // NaN: no weekly price (Price on Request, or no rate to EUR).
    let weekly = NaN;
    // Within the budget without its weekly price (see `surelyWithin`).
    let within = false;
    let stayCost: number | null = null;
    if (dated) {
      if (!(f & AVAILABLE)) continue;
      if (f & HAS_RULES && breaksRule(c, k, checkIn, nights, weekday)) continue;
      const at = column[k]!;
      let cost: number | null | 'blocked' | 'foreign';
      if (days && at >= 0) {
        // `stayTotal` for a villa in the window, read in place (see `Sums.windowed`).
        const packedIn = days[rowIn + at + 1]!;
        const packedOut = days[rowOut + at + 1]!;
        if ((packedOut & 0xffff) - (packedIn & 0xffff) > 0) continue;
        const priced = (packedOut >>> 16) - (packedIn >>> 16);
        const base = baseCents[k]!;
        cost =
          priced < nights && base !== base
            ? null
            : days[rowOut + at]! - days[rowIn + at]! + (nights - priced) * (base === base ? base : 0);
      } else {
        cost = stayTotal(villas[k]!, checkIn, checkOut, nights);
        if (cost === 'blocked') continue;
        if (cost === 'foreign') {
          const known = q.foreignTotals?.get(ids[k]!);
          if (known === undefined) {
            foreign.push(ids[k]!);
            continue;
          }
          cost = known;
        }
      }
      stayCost = cost;
      const rate = rateOf[k]!;
      if (needsWeekly && cost != null && rate === rate) {
        const product = cost * NIGHTS_PER_WEEK * rate;
        if (!pricedSort && product <= surelyWithin) within = true;
        else if (!pricedSort && product >= surelyOver) continue;
        else weekly = roundFloat(product / nights);
        if (!within && weekly !== weekly) {
          const w = roundCents(cost * NIGHTS_PER_WEEK, villas[k]!.rate!, nights);
          if (w === undefined) return undefined;
          weekly = w;
        }
      }
    } else if (needsWeekly) {
      if (f & WEEKLY_UNSURE) return undefined;
      weekly = weeklyOf[k]!;
    }
    if (budget !== Number.POSITIVE_INFINITY && !within && !(weekly <= budget)) continue;
    total++;
    const key =
      sortBy === BY_FEATURED
        ? featuredKey[k]!
        : sortBy === BY_BEDROOMS
          ? -bedroomsOf[k]!
          : weekly !== weekly
            ? Number.POSITIVE_INFINITY
            : sortBy === BY_PRICE_ASC
              ? weekly
              : -weekly;
    const id = ids[k]!;
    if (!top.loses(id, key)) top.add(id, key, villas[k]!, stayCost);
  }
  return total;
}
