import type { Exact } from './decimal';

/** A stay rule, as the SQL search reads it: check-in in [start, end] (day numbers, both included). */
export interface Rule {
  start: number;
  end: number;
  minNights: number | null;
  /** Bit d set = check-in allowed on ISO weekday d; 0 = any day. */
  days: number;
}

/**
 * A villa's running sums (`stay_sums` / `stay_spans`): day i of the span (the totals of the nights
 * before day `first + 1 + i`); before the span everything is 0, after it the span's totals. Prices in
 * cents.
 * - narrow (almost every villa): Int32 pairs, the price at `days[base + i × stride]`, priced nights
 *   << 16 | blocked nights just after it. After a full read the villas share one day-major array
 *   (`stride` = 2 × villas, see `dayMajor`): a dated search then reads two rows of it from start to
 *   end instead of two places 3 kB apart in each villa's year (one memory page, one cache miss per
 *   villa: 1.2 ms of a search's CPU at 10,000 villas). A villa read alone (a change) has its own
 *   pairs (`stride` 2).
 * - wide (a running sum past ±2^31 cents, or a span over 65,535 days): its own Float64 triples [3i]
 *   price, [3i + 1] priced, [3i + 2] blocked.
 * Nights priced in another currency are counted apart, only for the villas that have any.
 */
export interface Sums {
  first: number;
  last: number;
  /** Days in the span (last − first). */
  length: number;
  days: Int32Array | Float64Array;
  /** Narrow: where day 0's pair is in `days`, and how far apart two days' pairs are. */
  base: number;
  stride: number;
  wide: boolean;
  foreign: Int32Array | null;
  total: { price: number; priced: number; foreign: number; blocked: number };
  /** The totals' priced and blocked nights packed as a narrow day's (see above). */
  totalPacked: number;
  /** Days written while reading (checked against `length`). */
  filled: number;
  /**
   * In the window, with the rows after its span holding its totals (and the rows before it 0): a
   * search reads its pairs there without looking at its span (`Columns.column`).
   */
  windowed: boolean;
}

export interface Villa {
  id: number;
  featured: boolean;
  /** Position in `order by name, id` (the database's collation). */
  nameRank: number;
  bedrooms: number;
  available: boolean;
  /** lower() of the country and destination names, as PostgreSQL lowers them. */
  country: string | null;
  destination: string | null;
  amenities: number[];
  /** The nightly base price in cents; null = Price on Request (no price, or 0). */
  baseCents: number | null;
  /** The rate of the villa's currency to EUR; null when none is stored. */
  rate: Exact | null;
  rules: readonly Rule[];
  sums: Sums | null;
}

/** Shared by the villas without a rule (one object, not one per villa, to scan). */
export const NO_RULES: readonly Rule[] = [];

/** Where the day-major window of a full read is (see `Sums`): its array, first day and size. */
export interface Window {
  days: Int32Array;
  /** Row r holds every villa's running sums as of the nights before day `from + 1 + r`. */
  from: number;
  rows: number;
  /** Int32s per row (2 × its villas). */
  stride: number;
}
