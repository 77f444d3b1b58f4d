import { LIMITS } from '../constants.js';
import { multiply, roundRatio, toRatio } from './decimal.js';
import { groupThousands } from './text.js';
import { NIGHTS_PER_WEEK } from './weekly-price.js';

/** Money helpers. Amounts are decimals with at most 2 fraction digits; arithmetic runs in cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** A price is 'on request' when it is missing or zero: no price is shown or computed for it. */
export function isPriceOnRequest(nightly: number | null | undefined): boolean {
  return nightly == null || !Number.isFinite(nightly) || nightly <= 0;
}

/** Weekly price = nightly × 7 (`NIGHTS_PER_WEEK`), or null for 'Price on Request'. */
export function weeklyPrice(nightly: number | null | undefined): number | null {
  return isPriceOnRequest(nightly) ? null : fromCents(toCents(nightly!) * NIGHTS_PER_WEEK);
}

/** How en-US Intl writes the site's currencies before the amount. */
const MONEY_PREFIX: Readonly<Record<string, string>> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF\u00a0' };

/**
 * One Intl formatter per other currency, made at its first use: making one costs far more than
 * formatting with it.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * en-US currency without fraction digits, default EUR: `€105,000`. The site's own currencies are
 * written out, the same text Intl writes (rounding half away from zero, '-€0' for a negative amount
 * under 0.5): a browser's first use of Intl starts its ICU data, 135–230 ms at Lighthouse's 4× CPU
 * slowdown in Chromium, and the public pages' hydration spent it on the first price.
 */
export function formatMoney(amount: number, currency = 'EUR'): string {
  const prefix = MONEY_PREFIX[currency];
  const whole = Math.round(Math.abs(amount));
  if (prefix != null && Number.isSafeInteger(whole)) {
    return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}${prefix}${groupThousands(whole)}`;
  }
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** 'Price on Request' or the weekly price formatted. */
export function weeklyPriceLabel(nightly: number | null | undefined, currency = 'EUR'): string {
  const w = weeklyPrice(nightly);
  return w == null ? 'Price on Request' : formatMoney(w, currency);
}

/**
 * The 3 % service fee of a subtotal, rounded to a whole unit half away from zero, computed exactly
 * (8,750 → 262.5 → 263). The estimate applies it to the subtotal in the currency it shows.
 */
export function serviceFeeFor(subtotal: number): number {
  const s = toRatio(subtotal);
  const rate = toRatio(LIMITS.serviceFeeRate);
  return s && rate ? roundRatio(multiply(s, rate)) : 0;
}

export interface BookingEstimate {
  nights: number;
  weeks: number;
  extraNights: number;
  subtotal: number;
  serviceFee: number;
  total: number;
}

/**
 * The booking estimate. With a supplied total (a dated search's totalCost) that total
 * is the subtotal. Otherwise whole weeks at 7 × nightly plus leftover nights at nightly; a stay under
 * 7 nights is charged as a full week. A 3 % service fee, rounded to a whole unit, is added.
 * Returns null when the nights are not positive or there is no price.
 */
export function bookingEstimate(args: {
  nights: number;
  nightly: number | null | undefined;
  totalCost?: number | null;
}): BookingEstimate | null {
  const { nights, nightly, totalCost } = args;
  if (!Number.isInteger(nights) || nights <= 0) return null;
  const weeks = Math.floor(nights / 7);
  const extraNights = nights % 7;
  let subtotal: number;
  if (totalCost != null && totalCost > 0) subtotal = totalCost;
  else if (isPriceOnRequest(nightly)) return null;
  else if (nights < 7) subtotal = fromCents(toCents(nightly!) * 7);
  else subtotal = fromCents(toCents(nightly!) * (weeks * 7 + extraNights));
  const serviceFee = serviceFeeFor(subtotal);
  return {
    nights,
    weeks,
    extraNights,
    subtotal,
    serviceFee,
    total: fromCents(toCents(subtotal) + serviceFee * 100),
  };
}
