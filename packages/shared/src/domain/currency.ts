import { SITE_CURRENCY } from '../constants.js';
import { invert, multiply, roundRatio, toRatio, type Ratio } from './decimal.js';
import { bookingEstimate, formatMoney, isPriceOnRequest, serviceFeeFor, weeklyPrice } from './pricing.js';

/**
 * Every price an agent reads on one screen is in one display currency (EUR by default; USD, GBP,
 * CHF), converted with the stored exchange rates, with the villa's own figure as small print.
 *
 * THE ROUNDING RULE: convert exactly, then round once, at the end, to whole units of the currency
 * shown, half away from zero. "Exactly" means in decimal (see decimal.ts): $100 at 1.16 is €116, not
 * €115.99999999999999, and €12.5 is €13. Nothing is rounded on the way, so a price converted via EUR
 * rounds only once. The one exception is a budget sent to the server (`convertMoney(…, 2)`): it keeps
 * cents, because the server compares it with prices converted to the cent.
 *
 * A rate is looked up as the stored pair (from → to), else the inverse of the stored opposite pair,
 * else through EUR (from → EUR → to, each leg direct or inverse). Without any of those the amount is
 * not converted: callers show it in its own currency and say so, never NaN and never a guessed rate.
 */
export interface RateLike {
  fromCurrency: string;
  toCurrency: string;
  rate: number;
}
export type Rates = readonly RateLike[] | null | undefined;

const usable = (r: RateLike) => Number.isFinite(r.rate) && r.rate > 0;

function storedPair(from: string, to: string, rates: readonly RateLike[]): Ratio | null {
  const direct = rates.find((r) => r.fromCurrency === from && r.toCurrency === to && usable(r));
  if (direct) return toRatio(direct.rate);
  const opposite = rates.find((r) => r.fromCurrency === to && r.toCurrency === from && usable(r));
  const q = opposite ? toRatio(opposite.rate) : null;
  return q ? invert(q) : null;
}

/** The exact rate from one currency to another, or null when the stored rates cannot make one. */
export function exchangeRatio(from: string, to: string, rates: Rates): Ratio | null {
  if (from === to) return { num: 1n, den: 1n };
  const list = rates ?? [];
  const pair = storedPair(from, to, list);
  if (pair) return pair;
  if (from === SITE_CURRENCY || to === SITE_CURRENCY) return null;
  const toSite = storedPair(from, SITE_CURRENCY, list);
  const fromSite = storedPair(SITE_CURRENCY, to, list);
  return toSite && fromSite ? multiply(toSite, fromSite) : null;
}

/**
 * `amount` in `from` converted to `to` by the rule above: whole units by default, or cents
 * (`fractionDigits` 2) for a budget sent to the server. The same currency only rounds. Null when the
 * amount is missing or not a number, or no rate converts it.
 */
export function convertMoney(
  amount: number | null | undefined,
  from: string,
  to: string,
  rates: Rates,
  fractionDigits: 0 | 2 = 0,
): number | null {
  if (amount == null) return null;
  const a = toRatio(amount);
  const rate = exchangeRatio(from, to, rates);
  return a && rate ? roundRatio(multiply(a, rate), fractionDigits) : null;
}

/** The small print when no rate converts a villa's currency to the one the agent chose. */
export const missingRateNote = (from: string, to: string) =>
  `Shown in the villa's currency: no ${from} to ${to} exchange rate`;

/** The small print under a converted figure: "$38,020 in the villa's currency". */
export const ownCurrencyNote = (ownText: string) => `${ownText} in the villa's currency`;

/** A price as an agent sees it. */
export interface MoneyView {
  /** 'Price on Request', or the figure in whole units of `currency`: '€35,000'. */
  text: string;
  /** Whole units of `currency`; null = 'Price on Request'. */
  amount: number | null;
  /** The display currency, or the villa's own when no rate converts it. */
  currency: string;
  /** Small print for under the figure: the villa's own figure, or why it is not converted; else null. */
  note: string | null;
  /** No rate from the villa's currency to the display currency: the figure is in the villa's. */
  missingRate: boolean;
}

/**
 * An amount in the villa's currency (`from`) shown in the display currency (`to`). A missing, zero or
 * negative amount is 'Price on Request'; a missing rate shows the villa's own figure and says why.
 */
export function viewMoney(
  amount: number | null | undefined,
  from: string,
  to: string,
  rates: Rates,
): MoneyView {
  if (isPriceOnRequest(amount)) {
    return { text: 'Price on Request', amount: null, currency: to, note: null, missingRate: false };
  }
  const converted = convertMoney(amount, from, to, rates);
  if (converted == null) {
    const own = convertMoney(amount, from, from, rates)!;
    return {
      text: formatMoney(own, from),
      amount: own,
      currency: from,
      note: missingRateNote(from, to),
      missingRate: true,
    };
  }
  const own = from === to ? null : convertMoney(amount, from, from, rates)!;
  return {
    text: formatMoney(converted, to),
    amount: converted,
    currency: to,
    note: own == null ? null : ownCurrencyNote(formatMoney(own, from)),
    missingRate: false,
  };
}

/** The weekly price (nightly × 7 in the villa's currency) shown in the display currency. */
export const viewWeeklyPrice = (nightly: number | null | undefined, from: string, to: string, rates: Rates) =>
  viewMoney(weeklyPrice(nightly), from, to, rates);

export interface EstimateLines {
  currency: string;
  subtotal: number;
  serviceFee: number;
  total: number;
}

/** The booking estimate as an agent sees it: every line in one currency, and the lines add up. */
export interface EstimateView extends EstimateLines {
  nights: number;
  weeks: number;
  extraNights: number;
  /** The same estimate in the villa's currency when that differs from `currency`. */
  own: EstimateLines | null;
  note: string | null;
  missingRate: boolean;
}

function linesIn(subtotalOwn: number, from: string, to: string, rates: Rates): EstimateLines | null {
  const subtotal = convertMoney(subtotalOwn, from, to, rates);
  if (subtotal == null) return null;
  const serviceFee = serviceFeeFor(subtotal);
  return { currency: to, subtotal, serviceFee, total: subtotal + serviceFee };
}

/**
 * The booking estimate in the display currency. The subtotal is reached in the villa's
 * currency with the existing rules (a dated search's total, or whole weeks at 7 × nightly plus
 * leftover nights, under 7 nights billed as a week) and converted once by the rule above; the 3 %
 * service fee is then taken from that shown subtotal and rounded, and the total is their sum. So the
 * lines always add up as shown, the subtotal of a 7-night stay equals the card's weekly price, and a
 * dated stay's subtotal equals the card's stay total. The villa's own figures follow the same steps.
 */
export function viewBookingEstimate(args: {
  nights: number;
  nightly: number | null | undefined;
  totalCost?: number | null;
  from: string;
  to: string;
  rates: Rates;
}): EstimateView | null {
  const { from, to, rates } = args;
  const base = bookingEstimate(args);
  if (!base) return null;
  const { nights, weeks, extraNights } = base;
  const shown = linesIn(base.subtotal, from, to, rates);
  if (!shown) {
    const own = linesIn(base.subtotal, from, from, rates)!;
    return {
      nights,
      weeks,
      extraNights,
      ...own,
      own: null,
      note: missingRateNote(from, to),
      missingRate: true,
    };
  }
  const own = from === to ? null : linesIn(base.subtotal, from, from, rates)!;
  return {
    nights,
    weeks,
    extraNights,
    ...shown,
    own,
    note: own ? ownCurrencyNote(`Total ${formatMoney(own.total, from)}`) : null,
    missingRate: false,
  };
}
