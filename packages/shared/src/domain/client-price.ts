import type { Currency } from '../constants.js';
import { isValidIsoDate, nightsBetween } from '../calendar.js';
import { exchangeRatio, type Rates } from './currency.js';
import { multiply, roundRatio, toRatio, type Ratio } from './decimal.js';
import { formatMoney, isPriceOnRequest } from './pricing.js';
import { plural } from './text.js';

/**
 * The agent's price on a white-label link (docs/decisions/015-link-pricing-and-brochure.md). The client never sees
 * the trade price: every villa on the link shows the client's price, in the link's display currency,
 * with the agent's markup included.
 *
 * Markup type 'none' shows the client NO prices (each villa offers 'Request to Book' only, as links
 * did before agents could price them). 'catalogue' shows the catalogue price (the trade price
 * converted, nothing added): the agent's explicit choice, 'Show the catalogue price'. A percentage
 * or a fixed markup is above 0 (the schema refuses an empty or 0 one), so a markup never silently
 * leaves the client the catalogue price.
 *
 * THE RULE (one rounding, the one of currency.ts): the trade price in the villa's own currency is
 * converted exactly (decimal fractions, no float) to the link's currency with the stored rates; then
 * a percentage markup multiplies it by (1 + p/100), or a fixed markup (an amount in the link's
 * currency) is added; the result is rounded ONCE, at the end, to whole units, half away from zero.
 * - A fixed markup is added once per stay; on a link without dates (a 'from … per week' price) it is
 *   added to each week's price.
 * - A missing or zero trade price is 'Price on Request' whatever the markup: a markup never invents a
 *   price.
 * - No rate converts the villa's currency to the link's: 'Price on Request' for the client (the agent
 *   is told why in the link dialog's preview), never a guessed rate and never the trade figure.
 */
export const MARKUP_TYPES = ['none', 'catalogue', 'percent', 'fixed'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];
/**
 * The markup types a link row stores (migration 0008's check: 'none' at 0, 'percent' or 'fixed' at
 * ≥ 0). 'catalogue' has no type of its own there: it is stored as a 0 % markup, which is what links
 * that show the catalogue price were stored as before it was a choice of its own.
 */
export type StoredMarkupType = 'none' | 'percent' | 'fixed';
/** The largest percentage markup, in percent. */
export const MAX_MARKUP_PERCENT = 100;
/** The largest fixed markup, in whole units of the link's currency. */
export const MAX_MARKUP_FIXED = 1_000_000;

/** A link's pricing as the API carries it: `markupValue` in percent or in units of `currency`. */
export interface LinkPricing {
  currency: Currency;
  markupType: MarkupType;
  markupValue: number;
}

/** What a client's price is for: a week (a link without dates) or the link's stay. */
export type PriceBasis = 'week' | 'stay';

export interface ClientPriceResult {
  /** Whole units of the link's currency, markup included; null = 'Price on Request'. */
  amount: number | null;
  /** No stored rate converts the villa's currency to the link's (the amount is then null). */
  missingRate: boolean;
}

/** Whether a number has at most 2 decimal places (as it prints, so 0.1 + 0.2 is not 0.3). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const r = toRatio(value);
  return r != null && (r.num * 100n) % r.den === 0n;
}

/**
 * A markup as stored: whole basis points for a percentage (10.5 % → 1050), whole minor units for a
 * fixed amount (£500.25 → 50025). Every display currency (EUR, USD, GBP, CHF) has 100 minor units, so
 * both are the value × 100, computed exactly. Throws on more than 2 decimals (the schema refuses
 * those first).
 */
export function markupToStored(value: number): number {
  const r = toRatio(value);
  if (!r || (r.num * 100n) % r.den !== 0n) throw new RangeError(`markup ${value} has more than 2 decimals`);
  return Number((r.num * 100n) / r.den);
}

/** The stored integer back to the API's value (1050 → 10.5). */
export const markupFromStored = (stored: number): number => stored / 100;

/**
 * A link's markup as its row stores it: 'catalogue' is a 0 % markup; the value in basis points or
 * minor units (`markupToStored`).
 */
export function storedMarkup(p: Pick<LinkPricing, 'markupType' | 'markupValue'>): {
  markupType: StoredMarkupType;
  markupValue: number;
} {
  if (p.markupType === 'catalogue') return { markupType: 'percent', markupValue: 0 };
  return { markupType: p.markupType, markupValue: markupToStored(p.markupValue) };
}

/**
 * A row's markup as the API carries it: a stored 0 % or 0 fixed markup adds nothing, so it is
 * 'catalogue' (such a link's client has always seen the catalogue price, and still does).
 */
export function markupFromRow(row: { markupType: string; markupValue: number }): {
  markupType: MarkupType;
  markupValue: number;
} {
  const type = row.markupType as StoredMarkupType;
  if (type !== 'none' && row.markupValue === 0) return { markupType: 'catalogue', markupValue: 0 };
  return { markupType: type, markupValue: markupFromStored(row.markupValue) };
}

/**
 * The client's price of a trade price `trade` in the villa's currency `from`, by the rule above.
 * `trade` is a week's price (nightly × 7) or the stay's total.
 */
export function clientPrice(
  trade: number | null | undefined,
  from: string,
  pricing: LinkPricing,
  rates: Rates,
): ClientPriceResult {
  if (isPriceOnRequest(trade)) return { amount: null, missingRate: false };
  const amount = toRatio(trade!);
  const rate = exchangeRatio(from, pricing.currency, rates);
  if (!amount || !rate) return { amount: null, missingRate: !rate };
  let price: Ratio = multiply(amount, rate);
  const markup = toRatio(pricing.markupValue);
  if (markup && pricing.markupType === 'percent') {
    // × (1 + m/100) = × (100·den + num) / (100·den)
    price = multiply(price, { num: 100n * markup.den + markup.num, den: 100n * markup.den });
  } else if (markup && pricing.markupType === 'fixed') {
    price = { num: price.num * markup.den + markup.num * price.den, den: price.den * markup.den };
  }
  return { amount: roundRatio(price, 0), missingRate: false };
}

/** A client's price as the public answer carries it. */
export interface ClientPriceView {
  amount: number | null;
  currency: string;
  basis: PriceBasis;
  nights?: number | null;
}

/** The parts of a price line, so a page can set the figure apart: 'from' · '£9,735' · 'per week'. */
export interface ClientPriceParts {
  lead: string | null;
  figure: string;
  tail: string | null;
}

const nightsText = (n: number) => plural(n, 'night');

/**
 * 'from £9,735 per week' (a link without dates), '£19,470 for 14 nights' (the link's stay), or
 * 'Price on Request'.
 */
export function clientPriceParts(price: ClientPriceView, nights = price.nights): ClientPriceParts {
  if (price.amount == null) return { lead: null, figure: 'Price on Request', tail: null };
  const figure = formatMoney(price.amount, price.currency);
  if (price.basis === 'week') return { lead: 'from', figure, tail: 'per week' };
  return { lead: null, figure, tail: nights ? `for ${nightsText(nights)}` : 'for your stay' };
}

export const clientPriceText = (price: ClientPriceView, nights = price.nights): string => {
  const p = clientPriceParts(price, nights);
  return [p.lead, p.figure, p.tail].filter(Boolean).join(' ');
};

/**
 * The agent's markup in words: 'No prices shown', 'Catalogue price', '+10%', '+£500 per stay' (or
 * 'per week' for a link without dates, where a fixed markup is added to each week's price).
 */
export function markupLabel(p: LinkPricing, basis: PriceBasis = 'stay'): string {
  if (p.markupType === 'catalogue') return 'Catalogue price';
  if (p.markupType === 'percent') return `+${p.markupValue}%`;
  if (p.markupType === 'fixed') {
    const amount = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: p.currency,
      minimumFractionDigits: Number.isInteger(p.markupValue) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(p.markupValue);
    return `+${amount} per ${basis}`;
  }
  return 'No prices shown';
}

/** The stay a link was made for. */
export interface StayDates {
  checkIn: string;
  checkOut: string;
  nights: number;
}

/**
 * A link has dates when its saved search has both a valid check-in and a later check-out (the
 * search's criteria carry checkIn and checkOut); its villas are then priced for that stay.
 * Anything else (no dates, one date, or dates that do not make a stay) prices them per week.
 */
export function linkStayOf(filters: Record<string, unknown> | null | undefined): StayDates | null {
  const checkIn = filters?.checkIn;
  const checkOut = filters?.checkOut;
  if (typeof checkIn !== 'string' || typeof checkOut !== 'string') return null;
  if (!isValidIsoDate(checkIn) || !isValidIsoDate(checkOut)) return null;
  const nights = nightsBetween(checkIn, checkOut);
  return nights > 0 ? { checkIn, checkOut, nights } : null;
}
