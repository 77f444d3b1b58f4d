import { describe, expect, it } from 'vitest';
import { createWhiteLabelBodySchema, linkPricingSchema, updateWhiteLabelSchema } from '../white-label.js';
import {
  clientPrice,
  clientPriceText,
  hasAtMostTwoDecimals,
  markupFromRow,
  markupFromStored,
  markupLabel,
  markupToStored,
  linkStayOf,
  storedMarkup,
  type LinkPricing,
} from './client-price.js';

const rate = (fromCurrency: string, toCurrency: string, r: number) => ({ fromCurrency, toCurrency, rate: r });
const eur = (markupType: LinkPricing['markupType'] = 'none', markupValue = 0): LinkPricing => ({
  currency: 'EUR',
  markupType,
  markupValue,
});
const inCur = (
  currency: LinkPricing['currency'],
  markupType: LinkPricing['markupType'] = 'none',
  markupValue = 0,
) => ({ currency, markupType, markupValue });

/** 1 GBP = 1.25 EUR, 1 USD = 0.8 EUR, 1 CHF = 0.8 EUR: round figures, so every case is checked by hand. */
const rates = [rate('GBP', 'EUR', 1.25), rate('USD', 'EUR', 0.8), rate('CHF', 'EUR', 0.8)];

describe('clientPrice: convert exactly, add the markup, round once to whole units (half away from zero)', () => {
  it('adds a percentage or a fixed amount in the link currency', () => {
    expect(clientPrice(10_000, 'EUR', eur('percent', 10), rates)).toEqual({
      amount: 11_000,
      missingRate: false,
    });
    expect(clientPrice(10_000, 'EUR', eur('fixed', 750), rates)).toEqual({
      amount: 10_750,
      missingRate: false,
    });
    expect(clientPrice(10_000, 'EUR', eur(), rates).amount).toBe(10_000);
    // €10,000 → £8,000, + 10 % = £8,800; + £500 = £8,500.
    expect(clientPrice(10_000, 'EUR', inCur('GBP', 'percent', 10), rates).amount).toBe(8_800);
    expect(clientPrice(10_000, 'EUR', inCur('GBP', 'fixed', 500), rates).amount).toBe(8_500);
    // A villa priced in USD shown in GBP goes through EUR: $10,000 → €8,000 → £6,400, + 12.5 % = £7,200.
    expect(clientPrice(10_000, 'USD', inCur('GBP', 'percent', 12.5), rates).amount).toBe(7_200);
  });

  it('rounds only once: the converted price is not rounded before the markup', () => {
    // $24.99 × 0.8 = €19.992; × 1.1 = 21.9912 → €22. Rounding €19.992 to €20 first gives the same
    // here, so take a case where it does not: $24.99 at 0.5 = €12.495 → 13 (rounded) × 1.1 = 14.3 → 14,
    // but exactly 12.495 × 1.1 = 13.7445 → 14; and + €0.50: 12.995 → 13 (rounded first: 13.5 → 14).
    const half = [rate('USD', 'EUR', 0.5)];
    expect(clientPrice(24.99, 'USD', eur('percent', 10), half).amount).toBe(14);
    expect(clientPrice(24.99, 'USD', eur('fixed', 0.5), half).amount).toBe(13);
  });

  it('rounds half a unit away from zero in each currency', () => {
    // EUR: €1,000 + 0.05 % = €1,000.50 → €1,001; + 0.04 % = €1,000.40 → €1,000.
    expect(clientPrice(1_000, 'EUR', eur('percent', 0.05), rates).amount).toBe(1_001);
    expect(clientPrice(1_000, 'EUR', eur('percent', 0.04), rates).amount).toBe(1_000);
    // GBP: €1,000 → £800; + £0.50 → £801; + £0.49 → £800.
    expect(clientPrice(1_000, 'EUR', inCur('GBP', 'fixed', 0.5), rates).amount).toBe(801);
    expect(clientPrice(1_000, 'EUR', inCur('GBP', 'fixed', 0.49), rates).amount).toBe(800);
    // USD: €10 → $12.50 → $13 without markup; €9.99 → $12.4875 → $12.
    expect(clientPrice(10, 'EUR', inCur('USD'), rates).amount).toBe(13);
    expect(clientPrice(9.99, 'EUR', inCur('USD'), rates).amount).toBe(12);
    // CHF: €1 → CHF 1.25; + 20 % = CHF 1.50 → CHF 2; + 19.99 % = 1.4998… → CHF 1.
    expect(clientPrice(1, 'EUR', inCur('CHF', 'percent', 20), rates).amount).toBe(2);
    expect(clientPrice(1, 'EUR', inCur('CHF', 'percent', 19.99), rates).amount).toBe(1);
  });

  it("keeps a zero or missing trade price 'Price on Request' whatever the markup", () => {
    for (const pricing of [eur(), eur('percent', 10), eur('fixed', 500), inCur('GBP', 'fixed', 500)]) {
      expect(clientPrice(0, 'EUR', pricing, rates)).toEqual({ amount: null, missingRate: false });
      expect(clientPrice(null, 'EUR', pricing, rates)).toEqual({ amount: null, missingRate: false });
      expect(clientPrice(undefined, 'USD', pricing, rates)).toEqual({ amount: null, missingRate: false });
      expect(clientPrice(-5, 'EUR', pricing, rates).amount).toBeNull();
    }
  });

  it('is exact for very large prices', () => {
    // 99,999,999.99 a night × 7 = 699,999,999.93; + 100 % = 1,399,999,999.86 → 1,400,000,000.
    expect(clientPrice(699_999_999.93, 'EUR', eur('percent', 100), rates).amount).toBe(1_400_000_000);
    // + the largest fixed markup, in GBP: 699,999,999.93 / 1.25 = 559,999,999.944 + 1,000,000.
    expect(clientPrice(699_999_999.93, 'EUR', inCur('GBP', 'fixed', 1_000_000), rates).amount).toBe(
      561_000_000,
    );
    expect(Number.isSafeInteger(clientPrice(9e12, 'EUR', eur('percent', 100), rates).amount)).toBe(true);
  });

  it('gives no price and says so when no rate converts the villa currency', () => {
    expect(clientPrice(10_000, 'USD', inCur('GBP', 'percent', 10), [rate('GBP', 'EUR', 1.25)])).toEqual({
      amount: null,
      missingRate: true,
    });
    expect(clientPrice(10_000, 'EUR', inCur('CHF'), [])).toEqual({ amount: null, missingRate: true });
    // A zero price is on request, not a missing rate.
    expect(clientPrice(0, 'EUR', inCur('CHF'), []).missingRate).toBe(false);
  });
});

describe('markup storage: basis points and minor units, exactly', () => {
  it('stores value × 100 as an integer and reads it back', () => {
    expect(markupToStored(10)).toBe(1_000);
    expect(markupToStored(10.5)).toBe(1_050);
    expect(markupToStored(0.07)).toBe(7);
    expect(markupToStored(1_000_000)).toBe(100_000_000);
    expect(markupToStored(0)).toBe(0);
    expect(markupFromStored(1_050)).toBe(10.5);
    expect(markupFromStored(7)).toBe(0.07);
    expect(() => markupToStored(0.125)).toThrow(RangeError);
  });

  it('counts decimals as the number prints', () => {
    expect(hasAtMostTwoDecimals(12.25)).toBe(true);
    expect(hasAtMostTwoDecimals(1e6)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostTwoDecimals(0.001)).toBe(false);
  });
});

describe('price lines', () => {
  it("reads 'from … per week', the stay's total or 'Price on Request'", () => {
    expect(clientPriceText({ amount: 12_650, currency: 'EUR', basis: 'week' })).toBe('from €12,650 per week');
    expect(clientPriceText({ amount: 25_300, currency: 'GBP', basis: 'stay' }, 14)).toBe(
      '£25,300 for 14 nights',
    );
    expect(clientPriceText({ amount: 900, currency: 'CHF', basis: 'stay' }, 1)).toBe(
      'CHF\u00a0900 for 1 night',
    );
    expect(clientPriceText({ amount: null, currency: 'USD', basis: 'week' })).toBe('Price on Request');
  });

  it('names the markup for the agent', () => {
    expect(markupLabel(eur())).toBe('No prices shown');
    expect(markupLabel(eur('catalogue'))).toBe('Catalogue price');
    expect(markupLabel(eur('percent', 12.5))).toBe('+12.5%');
    expect(markupLabel(inCur('GBP', 'fixed', 500))).toBe('+£500 per stay');
    expect(markupLabel(inCur('USD', 'fixed', 99.5), 'week')).toBe('+$99.50 per week');
  });
});

describe('pricing fields of the link schemas', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message;

  it('defaults to EUR without markup', () => {
    expect(linkPricingSchema.parse({})).toEqual({ currency: 'EUR', markupType: 'none', markupValue: 0 });
  });

  it('refuses values a person can correct, with a message that says how', () => {
    expect(first(linkPricingSchema.safeParse({ markupType: 'percent', markupValue: 100.01 }))).toBe(
      'A percentage markup can be at most 100%',
    );
    expect(linkPricingSchema.safeParse({ markupType: 'percent', markupValue: 100 }).success).toBe(true);
    expect(first(linkPricingSchema.safeParse({ markupType: 'fixed', markupValue: 1_000_001 }))).toBe(
      'A fixed markup can be at most 1,000,000',
    );
    expect(first(linkPricingSchema.safeParse({ markupType: 'fixed', markupValue: -1 }))).toBe(
      'Markup cannot be negative',
    );
    expect(first(linkPricingSchema.safeParse({ markupType: 'fixed', markupValue: 1.005 }))).toBe(
      'Markup can have at most 2 decimal places',
    );
    expect(first(linkPricingSchema.safeParse({ markupType: 'none', markupValue: 5 }))).toBe(
      'Choose a percentage or a fixed amount to add a markup',
    );
    expect(first(linkPricingSchema.safeParse({ currency: 'JPY' }))).toBe(
      'Currency must be one of EUR, USD, GBP, CHF',
    );
    expect(first(linkPricingSchema.safeParse({ markupType: 'double' }))).toBe(
      'Markup type must be none, catalogue, percent or fixed',
    );
    expect(first(linkPricingSchema.safeParse({ markupType: 'fixed', markupValue: '10' }))).toBe(
      'Markup must be a number',
    );
  });

  it('refuses a percentage or a fixed markup left out or at 0: the catalogue price is its own choice', () => {
    for (const markupType of ['percent', 'fixed'] as const) {
      for (const input of [{ markupType }, { markupType, markupValue: 0 }]) {
        const r = linkPricingSchema.safeParse(input);
        expect(r.success, JSON.stringify(input)).toBe(false);
        expect(r.error?.issues).toEqual([
          expect.objectContaining({
            path: ['markupValue'],
            message:
              markupType === 'percent'
                ? "Enter a percentage above 0, or choose 'Show the catalogue price'"
                : "Enter an amount above 0, or choose 'Show the catalogue price'",
          }),
        ]);
      }
    }
    expect(linkPricingSchema.safeParse({ markupType: 'percent', markupValue: 0.01 }).success).toBe(true);
    expect(linkPricingSchema.parse({ markupType: 'catalogue' })).toEqual({
      currency: 'EUR',
      markupType: 'catalogue',
      markupValue: 0,
    });
    expect(first(linkPricingSchema.safeParse({ markupType: 'catalogue', markupValue: 10 }))).toBe(
      'Choose a percentage or a fixed amount to add a markup',
    );
  });

  it("stores 'catalogue' as the 0 % markup links had, and reads any 0 markup back as 'catalogue'", () => {
    expect(storedMarkup({ markupType: 'catalogue', markupValue: 0 })).toEqual({
      markupType: 'percent',
      markupValue: 0,
    });
    expect(storedMarkup({ markupType: 'fixed', markupValue: 500.25 })).toEqual({
      markupType: 'fixed',
      markupValue: 50025,
    });
    expect(storedMarkup({ markupType: 'none', markupValue: 0 })).toEqual({
      markupType: 'none',
      markupValue: 0,
    });
    expect(markupFromRow({ markupType: 'percent', markupValue: 0 })).toEqual({
      markupType: 'catalogue',
      markupValue: 0,
    });
    expect(markupFromRow({ markupType: 'fixed', markupValue: 0 })).toEqual({
      markupType: 'catalogue',
      markupValue: 0,
    });
    expect(markupFromRow({ markupType: 'percent', markupValue: 1050 })).toEqual({
      markupType: 'percent',
      markupValue: 10.5,
    });
    expect(markupFromRow({ markupType: 'none', markupValue: 0 })).toEqual({
      markupType: 'none',
      markupValue: 0,
    });
    // The catalogue price: converted, nothing added, rounded once.
    expect(clientPrice(1000.5, 'EUR', eur('catalogue'), []).amount).toBe(1001);
  });

  it('runs on the create body and leaves an update partial', () => {
    const base = { agentId: 1, title: 'T', propertyIds: [1] };
    expect(createWhiteLabelBodySchema.parse(base)).toMatchObject({ currency: 'EUR', markupType: 'none' });
    expect(
      createWhiteLabelBodySchema.safeParse({ ...base, markupType: 'percent', markupValue: 150 }).success,
    ).toBe(false);
    expect(updateWhiteLabelSchema.parse({ currency: 'GBP' })).toEqual({ currency: 'GBP' });
    expect(updateWhiteLabelSchema.safeParse({}).success).toBe(false);
  });
});

describe('linkStayOf: a link has dates when its saved search has a check-in and a later check-out', () => {
  it('reads the stay', () => {
    expect(linkStayOf({ checkIn: '2031-08-01', checkOut: '2031-08-15', country: 'France' })).toEqual({
      checkIn: '2031-08-01',
      checkOut: '2031-08-15',
      nights: 14,
    });
  });
  it('prices per week otherwise', () => {
    expect(linkStayOf(null)).toBeNull();
    expect(linkStayOf({ checkIn: '2031-08-01' })).toBeNull();
    expect(linkStayOf({ checkIn: '2031-08-15', checkOut: '2031-08-01' })).toBeNull();
    expect(linkStayOf({ checkIn: '2031-08-01', checkOut: '2031-08-01' })).toBeNull();
    expect(linkStayOf({ checkIn: '2031-02-30', checkOut: '2031-03-05' })).toBeNull();
    expect(linkStayOf({ checkIn: 20310801, checkOut: '2031-08-15' })).toBeNull();
  });
});
