import { describe, expect, it } from 'vitest';
import { cleanSearchFilters, searchSummary } from './search-summary.js';

describe('searchSummary', () => {
  it('labels the dashboard search filters', () => {
    expect(
      searchSummary({
        country: 'France',
        destination: "Côte d'Azur",
        checkIn: '2026-07-04',
        checkOut: '2026-07-11',
        bedrooms: 4,
        maxPrice: 50000,
        amenityIds: [1, 2],
      }),
    ).toEqual([
      'France',
      "Côte d'Azur",
      'July 4, 2026 – July 11, 2026',
      '4+ bedrooms',
      'Up to €50,000 / week',
      '2 amenities',
    ]);
  });

  it('labels the other criteria the seed names and keeps unknown keys visible', () => {
    expect(
      searchSummary({
        regionId: 3,
        guests: 8,
        propertyType: 'chalet',
        minPrice: 10000,
        view: 'sea',
        limit: 20,
      }),
    ).toEqual(['Region #3', '8 guests', 'Chalet', 'From €10,000 / week', 'view: sea']);
  });

  it("shows budgets (stored in EUR) in the agent's currency by the conversion rule, EUR without a rate", () => {
    const rates = [{ fromCurrency: 'EUR', toCurrency: 'GBP', rate: 0.865 }];
    expect(searchSummary({ maxPrice: 11560.69, minPrice: 5000 }, { currency: 'GBP', rates })).toEqual([
      'From £4,325 / week',
      'Up to £10,000 / week', // 9,999.99685 → 10,000
    ]);
    expect(searchSummary({ maxPrice: 50000 }, { currency: 'CHF', rates })).toEqual(['Up to €50,000 / week']);
    expect(searchSummary({ maxPrice: 50000 }, { currency: 'EUR', rates: [] })).toEqual([
      'Up to €50,000 / week',
    ]);
  });

  it('ignores blank values and returns nothing for no filters', () => {
    expect(searchSummary(null)).toEqual([]);
    expect(searchSummary({ country: '', destination: 'any', amenityIds: [], bedrooms: null })).toEqual([]);
    expect(cleanSearchFilters({ country: 'Italy', destination: '', offset: 0 })).toEqual({
      country: 'Italy',
    });
  });
});
