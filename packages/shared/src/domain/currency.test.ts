import { describe, expect, it } from 'vitest';
import {
  convertMoney,
  exchangeRatio,
  missingRateNote,
  viewBookingEstimate,
  viewMoney,
  viewWeeklyPrice,
  type RateLike,
} from './currency.js';
import { roundHalfAwayFromZero, toRatio } from './decimal.js';

/** The demo seed's rates: every directed pair, derived from the euro (EUR 1 = USD 1.16 = GBP 0.865 = CHF 0.935). */
const EUR_RATES = { EUR: 1, USD: 1.16, GBP: 0.865, CHF: 0.935 } as const;
type Code = keyof typeof EUR_RATES;
const seedRates: RateLike[] = (Object.keys(EUR_RATES) as Code[]).flatMap((from) =>
  (Object.keys(EUR_RATES) as Code[])
    .filter((to) => to !== from)
    .map((to) => ({
      fromCurrency: from,
      toCurrency: to,
      rate: Number((EUR_RATES[to] / EUR_RATES[from]).toFixed(8)),
    })),
);
const rate = (fromCurrency: string, toCurrency: string, r: number): RateLike => ({
  fromCurrency,
  toCurrency,
  rate: r,
});

describe('exact decimals', () => {
  it('reads a number as the decimal it prints as', () => {
    expect(toRatio(1.16)).toEqual({ num: 116n, den: 100n });
    expect(toRatio(1e-7)).toEqual({ num: 1n, den: 10_000_000n });
    expect(toRatio(2e21)).toEqual({ num: 2_000_000_000_000_000_000_000n, den: 1n });
    expect(toRatio(Number.NaN)).toBeNull();
    expect(toRatio(Number.POSITIVE_INFINITY)).toBeNull();
  });
  it('rounds half away from zero, never to even and never −0', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(3.5)).toBe(4);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
    // 1.005 is stored as 1.00499999999999989…; read as the decimal it prints, it rounds up.
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
  });
});

describe('convertMoney: convert exactly, round once to whole units, half away from zero', () => {
  it('only rounds within one currency', () => {
    expect(convertMoney(35000, 'EUR', 'EUR', [])).toBe(35000);
    expect(convertMoney(8641.99, 'USD', 'USD', null)).toBe(8642);
    expect(convertMoney(12.5, 'GBP', 'GBP', undefined)).toBe(13);
  });
  it('converts with the stored pair, exactly', () => {
    // In floating point 100 × 1.16 is 115.99999999999999.
    expect(convertMoney(100, 'EUR', 'USD', seedRates)).toBe(116);
    expect(convertMoney(35000, 'EUR', 'USD', seedRates)).toBe(40600);
    expect(convertMoney(35000, 'USD', 'EUR', seedRates)).toBe(30172); // × 0.86206897 = 30172.41395
  });
  it('rounds a converted .5 away from zero, and just under .5 down', () => {
    const rates = [rate('USD', 'EUR', 0.5)];
    expect(convertMoney(25, 'USD', 'EUR', rates)).toBe(13); // 12.5
    expect(convertMoney(-25, 'USD', 'EUR', rates)).toBe(-13);
    expect(convertMoney(24.99, 'USD', 'EUR', rates)).toBe(12); // 12.495
    expect(convertMoney(1250, 'GBP', 'EUR', [rate('GBP', 'EUR', 1.1)])).toBe(1375);
    expect(convertMoney(5, 'CHF', 'EUR', [rate('CHF', 'EUR', 0.9)])).toBe(5); // 4.5 → 5
  });
  it('keeps cents for a budget when asked', () => {
    expect(convertMoney(10000, 'GBP', 'EUR', seedRates, 2)).toBe(11560.69); // × 1.15606936
    expect(convertMoney(0.125, 'EUR', 'EUR', [], 2)).toBe(0.13);
  });
  it('uses the inverse of the opposite pair when only that one is stored', () => {
    expect(convertMoney(1000, 'EUR', 'GBP', [rate('GBP', 'EUR', 1.25)])).toBe(800);
  });
  it('goes through EUR when the pair is not stored, rounding only at the end', () => {
    const viaEur = [rate('USD', 'EUR', 0.8), rate('EUR', 'GBP', 0.875)];
    // 0.8 × 0.875 = 0.7 exactly: $35,000 = £24,500. Rounding the euro leg first would not matter here,
    expect(convertMoney(35000, 'USD', 'GBP', viaEur)).toBe(24500);
    // but here it would: $3.125 → €2.5 → £2.1875 → £2 (€2.5 rounded first would give £3).
    expect(convertMoney(3.125, 'USD', 'GBP', viaEur)).toBe(2);
    // Both legs may be inverses.
    expect(convertMoney(100, 'CHF', 'GBP', [rate('EUR', 'CHF', 2), rate('GBP', 'EUR', 2)])).toBe(25);
  });
  it('prefers the stored pair to a path through EUR', () => {
    const rates = [rate('USD', 'GBP', 0.75), rate('USD', 'EUR', 0.8), rate('EUR', 'GBP', 0.875)];
    expect(convertMoney(1000, 'USD', 'GBP', rates)).toBe(750);
  });
  it('is null, never NaN, without an amount or without a usable rate', () => {
    expect(convertMoney(null, 'EUR', 'USD', seedRates)).toBeNull();
    expect(convertMoney(undefined, 'EUR', 'EUR', seedRates)).toBeNull();
    expect(convertMoney(Number.NaN, 'EUR', 'EUR', seedRates)).toBeNull();
    expect(convertMoney(100, 'USD', 'GBP', [])).toBeNull();
    expect(convertMoney(100, 'USD', 'GBP', null)).toBeNull();
    expect(convertMoney(100, 'USD', 'EUR', [rate('USD', 'EUR', 0)])).toBeNull();
    expect(convertMoney(100, 'USD', 'EUR', [rate('USD', 'EUR', Number.NaN)])).toBeNull();
    expect(convertMoney(100, 'USD', 'EUR', [rate('EUR', 'USD', -1)])).toBeNull();
    expect(exchangeRatio('USD', 'CHF', [rate('USD', 'EUR', 0.8)])).toBeNull();
  });
  it('converts zero to zero', () => {
    expect(convertMoney(0, 'USD', 'EUR', seedRates)).toBe(0);
  });
});

describe('viewMoney: the figure an agent reads, and the small print', () => {
  it("converts another currency and notes the villa's own figure", () => {
    expect(viewMoney(40600, 'USD', 'EUR', [rate('USD', 'EUR', 0.862)])).toEqual({
      text: '€34,997',
      amount: 34997,
      currency: 'EUR',
      note: "$40,600 in the villa's currency",
      missingRate: false,
    });
  });
  it('has no note in the same currency', () => {
    expect(viewMoney(35000, 'EUR', 'EUR', [])).toMatchObject({ text: '€35,000', note: null });
  });
  it("is 'Price on Request' for a missing, zero or negative amount", () => {
    for (const amount of [null, undefined, 0, -1, Number.NaN]) {
      expect(viewMoney(amount, 'USD', 'EUR', seedRates)).toEqual({
        text: 'Price on Request',
        amount: null,
        currency: 'EUR',
        note: null,
        missingRate: false,
      });
    }
  });
  it("falls back to the villa's currency and says so when no rate converts it", () => {
    expect(viewMoney(38020.4, 'USD', 'CHF', [rate('USD', 'EUR', 0.8)])).toEqual({
      text: '$38,020',
      amount: 38020,
      currency: 'USD',
      note: "Shown in the villa's currency: no USD to CHF exchange rate",
      missingRate: true,
    });
    expect(missingRateNote('USD', 'CHF')).toBe("Shown in the villa's currency: no USD to CHF exchange rate");
  });
  it('shows the weekly price (nightly × 7) converted', () => {
    expect(viewWeeklyPrice(5000, 'USD', 'GBP', [rate('USD', 'GBP', 0.7)])).toMatchObject({
      text: '£24,500',
      note: "$35,000 in the villa's currency",
    });
    expect(viewWeeklyPrice(null, 'USD', 'GBP', seedRates).text).toBe('Price on Request');
  });
});

describe('viewBookingEstimate: every line in the display currency, adding up', () => {
  const usdToEur = [rate('USD', 'EUR', 0.8)];

  it('converts the subtotal once, then takes the 3 % fee of the shown subtotal', () => {
    // 10 nights at $1,000: 1 week + 3 nights = $10,000 → €8,000; fee €240; total €8,240.
    expect(
      viewBookingEstimate({ nights: 10, nightly: 1000, from: 'USD', to: 'EUR', rates: usdToEur }),
    ).toEqual({
      nights: 10,
      weeks: 1,
      extraNights: 3,
      currency: 'EUR',
      subtotal: 8000,
      serviceFee: 240,
      total: 8240,
      own: { currency: 'USD', subtotal: 10000, serviceFee: 300, total: 10300 },
      note: "Total $10,300 in the villa's currency",
      missingRate: false,
    });
  });

  it('keeps the lines adding up where converting each line would not', () => {
    // 7 × $1,250.14 = $8,750.98 → €7,000.784 → €7,001; the fee is 3 % of €7,001 = 210.03 → €210;
    // the total is their sum, €7,211, whatever the rates (converting each line on its own would not
    // promise that).
    const e = viewBookingEstimate({ nights: 7, nightly: 1250.14, from: 'USD', to: 'EUR', rates: usdToEur })!;
    expect(e.subtotal).toBe(7001);
    expect(e.serviceFee).toBe(210);
    expect(e.total).toBe(e.subtotal + e.serviceFee);
  });

  it('rounds a .5 fee away from zero (8,750 × 3 % = 262.5 → 263)', () => {
    expect(
      viewBookingEstimate({ nights: 7, nightly: 1250, from: 'EUR', to: 'EUR', rates: [] }),
    ).toMatchObject({
      subtotal: 8750,
      serviceFee: 263,
      total: 9013,
      own: null,
      note: null,
    });
  });

  it("uses a dated search's total cost, converted like the card's stay total", () => {
    const e = viewBookingEstimate({
      nights: 7,
      nightly: 5000,
      totalCost: 36000,
      from: 'USD',
      to: 'GBP',
      rates: [rate('USD', 'GBP', 0.7)],
    });
    expect(e).toMatchObject({ currency: 'GBP', subtotal: 25200, serviceFee: 756, total: 25956 });
    expect(e?.note).toBe("Total $37,080 in the villa's currency");
    expect(viewMoney(36000, 'USD', 'GBP', [rate('USD', 'GBP', 0.7)]).amount).toBe(e?.subtotal);
  });

  it("bills under 7 nights as a week: the subtotal equals the card's weekly price", () => {
    const e = viewBookingEstimate({ nights: 3, nightly: 1111.11, from: 'CHF', to: 'USD', rates: seedRates });
    expect(e?.subtotal).toBe(viewWeeklyPrice(1111.11, 'CHF', 'USD', seedRates).amount);
  });

  it("falls back to the villa's currency with a note when no rate converts it", () => {
    expect(
      viewBookingEstimate({ nights: 7, nightly: 1000, from: 'USD', to: 'CHF', rates: usdToEur }),
    ).toMatchObject({
      currency: 'USD',
      subtotal: 7000,
      serviceFee: 210,
      total: 7210,
      own: null,
      note: "Shown in the villa's currency: no USD to CHF exchange rate",
      missingRate: true,
    });
  });

  it('has no estimate without positive nights or a price', () => {
    expect(
      viewBookingEstimate({ nights: 0, nightly: 1000, from: 'EUR', to: 'USD', rates: seedRates }),
    ).toBeNull();
    expect(
      viewBookingEstimate({ nights: 5, nightly: null, from: 'EUR', to: 'USD', rates: seedRates }),
    ).toBeNull();
    expect(
      viewBookingEstimate({ nights: 5, nightly: 0, from: 'EUR', to: 'USD', rates: seedRates }),
    ).toBeNull();
  });
});
