import { roundRatio, toRatio, type Ratio } from './decimal.js';

/*
 * The weekly price rule, the one definition every path follows: the pure functions here, the server's
 * in-memory search index (which must decide exactly what they decide, in integer cents) and the SQL
 * search (db/prices.ts builds its expressions from the constants below). A property test feeds the
 * same random calendars to all three.
 *
 * - A stay's total, in the villa's currency: each night's own price where the calendar has one, the
 *   nightly base price elsewhere. A night with neither makes the stay 'Price on Request' (null); a
 *   blocked night makes it unbookable. A night priced in another currency is converted through EUR
 *   and rounded to cents, night by night.
 * - Its weekly figure in EUR: total × rate to EUR × 7 ÷ nights, rounded to cents once, half away from
 *   zero (PostgreSQL's round(numeric, 2)). Without dates the stay is one night at the base price.
 * - Its total in EUR: total × rate, rounded to cents once.
 * - Within a budget (the most per week, in EUR): weekly ≤ budget.
 * Amounts are integer cents; rates are exact decimals (`Ratio`), never floats.
 */

/** Nights in the week the weekly figure is quoted for. */
export const NIGHTS_PER_WEEK = 7;
/** Decimals money is rounded to (cents). */
export const MONEY_DECIMALS = 2;

export type { Ratio };

/** A rate (or any decimal) as the exact fraction it prints as; null when not finite. */
export const rateOf = (rate: number | string): Ratio | null => toRatio(Number(rate));

/** One night of a calendar as the rule reads it. */
export interface PricedNight {
  /** The night's own price in cents; null = none (the base price applies). */
  priceCents: number | null;
  /** The currency of `priceCents` when it is not the villa's own. */
  currency?: string;
  blocked?: boolean;
}

/** Cents × rate, rounded to whole cents half away from zero. */
const roundedCents = (cents: number, num: bigint, den: bigint) =>
  roundRatio({ num: BigInt(cents) * num, den });

/**
 * A night's price in another currency, converted to the villa's through EUR: cents × from ÷ to,
 * rounded to cents; null when either rate is missing.
 */
export function convertedNightCents(
  cents: number,
  fromRate: Ratio | null,
  toRate: Ratio | null,
): number | null {
  if (!fromRate || !toRate || toRate.num === 0n) return null;
  return roundedCents(cents, fromRate.num * toRate.den, fromRate.den * toRate.num);
}

/**
 * A stay's total in cents in the villa's currency (see the rule above): 'blocked' when a night is
 * blocked, null for 'Price on Request'. `rates` gives a currency's rate to EUR (for nights priced in
 * another currency than `currency`, the villa's).
 */
export function stayTotalCents(
  nights: readonly PricedNight[],
  baseCents: number | null,
  currency = 'EUR',
  rates: (currency: string) => Ratio | null = () => null,
): number | null | 'blocked' {
  if (nights.some((n) => n.blocked)) return 'blocked';
  let total = 0;
  let unpriced = false;
  for (const night of nights) {
    if (night.priceCents == null) {
      if (baseCents == null) unpriced = true;
      else total += baseCents;
    } else if (night.currency == null || night.currency === currency) {
      total += night.priceCents;
    } else {
      const converted = convertedNightCents(night.priceCents, rates(night.currency), rates(currency));
      if (converted == null) unpriced = true;
      else total += converted;
    }
  }
  return unpriced ? null : total;
}

/** The nightly base price in cents; 0 or none is 'Price on Request' (null). */
export const baseCentsOf = (cents: number | null | undefined): number | null =>
  cents == null || cents <= 0 ? null : cents;

/**
 * The weekly figure in EUR cents of a stay of `nights` nights costing `totalCents`: total × rate × 7 ÷
 * nights, rounded once. Null without a total or a rate.
 */
export function weeklyEurCents(totalCents: number | null, nights: number, rate: Ratio | null): number | null {
  if (totalCents == null || !rate || !(nights > 0)) return null;
  return roundedCents(totalCents, rate.num * BigInt(NIGHTS_PER_WEEK), rate.den * BigInt(nights));
}

/** The undated weekly figure in EUR cents: the rule for one night at the base price. */
export const baseWeeklyEurCents = (baseCents: number | null, rate: Ratio | null): number | null =>
  weeklyEurCents(baseCentsOf(baseCents), 1, rate);

/** A total in EUR cents: total × rate, rounded once. */
export function totalEurCents(totalCents: number | null, rate: Ratio | null): number | null {
  return totalCents == null || !rate ? null : roundedCents(totalCents, rate.num, rate.den);
}

/** The budget in whole cents: weekly ≤ maxPrice ⇔ weekly cents ≤ floor(maxPrice × 100). */
export function budgetCents(maxPrice: number): number {
  const text = String(maxPrice);
  if (text.includes('e')) return maxPrice < 1 ? 0 : Math.floor(maxPrice * 100);
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
}

/** Whether a weekly figure (EUR cents) is within a budget: 'Price on Request' never is. */
export const withinBudget = (weekly: number | null, maxPrice: number | undefined): boolean =>
  maxPrice == null || (weekly != null && weekly <= budgetCents(maxPrice));
