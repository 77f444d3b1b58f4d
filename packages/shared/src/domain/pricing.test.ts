import { describe, expect, it, vi } from 'vitest';
import {
  bookingEstimate,
  formatMoney,
  isPriceOnRequest,
  serviceFeeFor,
  weeklyPrice,
  weeklyPriceLabel,
} from './pricing.js';
import { CURRENCIES } from '../constants.js';

describe('weekly price', () => {
  it('is nightly × 7 (the featured villa: 15,000 a night is 105,000 a week)', () => {
    expect(weeklyPrice(15000)).toBe(105000);
    expect(weeklyPriceLabel(15000)).toBe('€105,000');
  });
  it('keeps cents exact', () => {
    expect(weeklyPrice(1234.57)).toBe(8641.99);
    expect(weeklyPrice(0.1)).toBe(0.7);
  });
  it("is 'Price on Request' when the price is missing or 0", () => {
    for (const p of [null, undefined, 0, -5, Number.NaN]) {
      expect(isPriceOnRequest(p)).toBe(true);
      expect(weeklyPrice(p)).toBeNull();
      expect(weeklyPriceLabel(p)).toBe('Price on Request');
    }
  });
});

describe('formatMoney', () => {
  it('formats en-US without fraction digits, EUR by default', () => {
    expect(formatMoney(15000)).toBe('€15,000');
    expect(formatMoney(1234.6, 'USD')).toBe('$1,235');
    expect(formatMoney(999, 'GBP')).toBe('£999');
    expect(formatMoney(5000, 'CHF')).toBe('CHF\u00a05,000');
  });

  it('writes what Intl writes, for every currency of the site, rounding half away from zero', () => {
    const amounts = [0, -0, 0.4, 0.5, -0.4, -0.5, 1.5, 2.5, -2.5, 999.5, 1234.49, 105_000, -15_000.5];
    for (let digits = 1; digits <= 14; digits++) {
      for (let i = 0; i < 30; i++) amounts.push(Math.round((Math.random() - 0.2) * 10 ** digits) / 100);
    }
    amounts.push(Number.MAX_SAFE_INTEGER, 1e17, NaN);
    for (const currency of CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
      for (const a of amounts) expect(formatMoney(a, currency), `${a} ${currency}`).toBe(intl.format(a));
    }
  });

  it("uses no Intl for the site's currencies, and one formatter per other currency", () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      for (const currency of CURRENCIES) formatMoney(1234, currency);
      expect(made).not.toHaveBeenCalled();
      for (let i = 0; i < 50; i++) formatMoney(1000 + i, 'JPY');
      expect(formatMoney(7000, 'JPY')).toBe('¥7,000');
      expect(formatMoney(7000, 'SEK')).toBe('SEK\u00a07,000');
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});

describe('bookingEstimate', () => {
  it('charges a stay under 7 nights as a full week', () => {
    expect(bookingEstimate({ nights: 3, nightly: 1000 })).toEqual({
      nights: 3,
      weeks: 0,
      extraNights: 3,
      subtotal: 7000,
      serviceFee: 210,
      total: 7210,
    });
  });
  it('charges whole weeks plus leftover nights from 7 nights on', () => {
    expect(bookingEstimate({ nights: 7, nightly: 1000 })).toMatchObject({
      weeks: 1,
      extraNights: 0,
      subtotal: 7000,
      serviceFee: 210,
      total: 7210,
    });
    expect(bookingEstimate({ nights: 10, nightly: 1000 })).toMatchObject({
      weeks: 1,
      extraNights: 3,
      subtotal: 10000,
      serviceFee: 300,
      total: 10300,
    });
    expect(bookingEstimate({ nights: 15, nightly: 15000 })).toMatchObject({
      weeks: 2,
      extraNights: 1,
      subtotal: 225000,
      serviceFee: 6750,
      total: 231750,
    });
  });
  it('rounds the 3 % service fee to a whole unit', () => {
    // 7 × 1111 = 7777; 3 % = 233.31 → 233
    expect(bookingEstimate({ nights: 7, nightly: 1111 })).toMatchObject({
      subtotal: 7777,
      serviceFee: 233,
      total: 8010,
    });
    // 7 × 1250 = 8750; 3 % = 262.5 → 263
    expect(bookingEstimate({ nights: 7, nightly: 1250 })).toMatchObject({ serviceFee: 263, total: 9013 });
  });
  it('takes the fee exactly, half away from zero, whatever floating point makes of 3 %', () => {
    expect(serviceFeeFor(8750)).toBe(263);
    expect(serviceFeeFor(50)).toBe(2); // 1.5
    expect(serviceFeeFor(49.99)).toBe(1); // 1.4997
    expect(serviceFeeFor(0)).toBe(0);
    expect(serviceFeeFor(Number.NaN)).toBe(0);
  });
  it("uses a dated search's total cost when supplied", () => {
    expect(bookingEstimate({ nights: 4, nightly: 1000, totalCost: 5200 })).toMatchObject({
      subtotal: 5200,
      serviceFee: 156,
      total: 5356,
    });
  });
  it('needs positive nights and a price', () => {
    expect(bookingEstimate({ nights: 0, nightly: 1000 })).toBeNull();
    expect(bookingEstimate({ nights: -2, nightly: 1000 })).toBeNull();
    expect(bookingEstimate({ nights: 5, nightly: null })).toBeNull();
  });
});
