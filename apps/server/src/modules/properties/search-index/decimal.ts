import { budgetCents } from '@villas/shared';

/*
 * The search index's money arithmetic: integer cents, rates held exactly, and the weekly rule's
 * rounding (@villas/shared, `weeklyEurCents`) decided in floats where they are sure and exactly where
 * they are not.
 */

/** A decimal number held exactly (`num / den`), with its float for the fast path. */
export interface Exact {
  value: number;
  num: bigint;
  den: bigint;
}

export function exact(text: string): Exact {
  const [whole = '0', fraction = ''] = text.split('.');
  return {
    value: Number(text),
    num: BigInt(whole + fraction),
    den: 10n ** BigInt(fraction.length),
  };
}

export const ONE: Exact = exact('1');

/**
 * weekly cents = round(cents × rate ÷ divisor), half away from zero like PostgreSQL's round(numeric):
 * the weekly rule's rounding (`weeklyEurCents`), with cents = a stay's total × 7 and divisor = its
 * nights.
 * The float decides unless it is within rounding error of a tie; then the exact quotient does. A
 * quotient that is not a tie but within a millionth of a cent of one is left to the database (its
 * division rounds at 10+ decimals first): `undefined`.
 */
export function roundCents(cents: number, rate: Exact, divisor: number): number | undefined {
  const x = (cents * rate.value) / divisor;
  const fast = roundFloat(x);
  if (fast === fast) return fast;
  const ax = Math.abs(x);
  const floor = Math.floor(ax);
  const num = BigInt(Math.abs(cents)) * rate.num;
  const den = rate.den * BigInt(divisor);
  // 2·num − den·(2·floor + 1): 0 on the tie, its sign says which side.
  const diff = 2n * num - den * (2n * BigInt(floor) + 1n);
  let rounded: number;
  if (diff === 0n) rounded = floor + 1;
  else if (Number(diff < 0n ? -diff : diff) / Number(2n * den) < 1e-6) return undefined;
  else rounded = diff > 0n ? floor + 1 : floor;
  return x < 0 ? -rounded : rounded;
}

/**
 * `x` rounded half away from zero, or NaN when it is within float error of a tie (the exact quotient
 * decides then: `roundCents`). The search's loop calls it with the same float `roundCents` computes.
 */
export function roundFloat(x: number): number {
  const ax = Math.abs(x);
  const floor = Math.floor(ax);
  const fromTie = ax - floor - 0.5;
  if (!(Math.abs(fromTie) > 1e-13 * ax + 1e-9)) return NaN;
  const rounded = fromTie > 0 ? floor + 1 : floor;
  return x < 0 ? -rounded : rounded;
}

/** A non-negative or negative decimal with at most two decimals (numeric text) in whole cents, exactly. */
export function centsOf(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Cents as the API's euros: the same number as PostgreSQL's numeric text gives (both correctly rounded). */
export const euros = (cents: number | null) => (cents == null ? null : cents / 100);

/** The stay totals the database gave (numeric text), in cents. */
export const centsByVilla = (totals: Map<number, string | null>) =>
  new Map([...totals].map(([id, total]) => [id, total == null ? null : centsOf(total)]));

/** The budget in whole cents (the weekly rule's, @villas/shared). */
export { budgetCents };
