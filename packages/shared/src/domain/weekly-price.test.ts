import { describe, expect, it } from 'vitest';
import {
  baseWeeklyEurCents,
  budgetCents,
  convertedNightCents,
  rateOf,
  stayTotalCents,
  totalEurCents,
  weeklyEurCents,
  withinBudget,
} from './weekly-price.js';

const ONE = rateOf(1);

describe('the weekly price rule', () => {
  it('is the stay total × rate × 7 ÷ nights, rounded to cents once, half away from zero', () => {
    expect(weeklyEurCents(100_000, 7, ONE)).toBe(100_000);
    // 10 nights at 1,000.01: 10,000.10 × 7 ÷ 10 = 7,000.07
    expect(weeklyEurCents(1_000_010, 10, ONE)).toBe(700_007);
    // 0.01 × 7 ÷ 2 = 0.035 → 0.04 (a tie, away from zero)
    expect(weeklyEurCents(1, 2, ONE)).toBe(4);
    expect(weeklyEurCents(100_000, 7, rateOf('0.91234567'))).toBe(91_235);
    expect(weeklyEurCents(null, 7, ONE)).toBeNull();
    expect(weeklyEurCents(100, 7, null)).toBeNull();
  });

  it('without dates is one night at the base price; 0 or none is Price on Request', () => {
    expect(baseWeeklyEurCents(1_500_000, ONE)).toBe(10_500_000);
    expect(baseWeeklyEurCents(123_457, rateOf(1.17))).toBe(1_011_113);
    expect(baseWeeklyEurCents(0, ONE)).toBeNull();
    expect(baseWeeklyEurCents(null, ONE)).toBeNull();
  });

  it('totals a stay: own prices where set, the base elsewhere', () => {
    const nights = [{ priceCents: 20_000 }, { priceCents: null }, { priceCents: 30_050 }];
    expect(stayTotalCents(nights, 10_000)).toBe(60_050);
    expect(stayTotalCents(nights, null)).toBeNull();
    expect(stayTotalCents([{ priceCents: 1 }, { priceCents: null, blocked: true }], 5)).toBe('blocked');
    expect(stayTotalCents([{ priceCents: 1 }, { priceCents: 2 }], null)).toBe(3);
  });

  it('converts a night in another currency through EUR, rounded to cents', () => {
    const rates = (c: string) => ({ EUR: rateOf(1), USD: rateOf('0.9'), GBP: rateOf('1.17') })[c] ?? null;
    // 100.00 USD = 90 EUR = 76.92307… GBP → 76.92
    expect(convertedNightCents(10_000, rates('USD'), rates('GBP'))).toBe(7_692);
    expect(stayTotalCents([{ priceCents: 10_000, currency: 'USD' }], null, 'GBP', rates)).toBe(7_692);
    expect(stayTotalCents([{ priceCents: 10_000, currency: 'CHF' }], 100, 'EUR', rates)).toBeNull();
  });

  it('reads a budget in whole cents and compares the weekly figure with it', () => {
    expect(budgetCents(1234.567)).toBe(123_456);
    expect(budgetCents(5000)).toBe(500_000);
    expect(budgetCents(1e-7)).toBe(0);
    expect(withinBudget(500_000, 5000)).toBe(true);
    expect(withinBudget(500_001, 5000)).toBe(false);
    expect(withinBudget(null, 5000)).toBe(false);
    expect(withinBudget(null, undefined)).toBe(true);
    expect(totalEurCents(10_001, rateOf('0.5'))).toBe(5_001);
  });
});
