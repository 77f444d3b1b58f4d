import { describe, expect, it } from 'vitest';
import { composeOffMarketMessage, criteriaLines, criteriaObject } from './compose-message';

describe('composeOffMarketMessage', () => {
  it("starts with 'OFF-MARKET INQUIRY:', then the message, the criteria, budget and special requests", () => {
    const message = composeOffMarketMessage({
      message: '  A discreet villa for a film producer.  ',
      criteria: {
        country: 'France',
        destination: 'Côte d’Azur',
        checkIn: '2031-07-01',
        checkOut: '2031-07-15',
        bedrooms: 6,
        maxPrice: 80000,
        amenityIds: [3, 7],
        amenities: ['Helipad', 'Private Beach'],
      },
      budget: '€100,000 per week',
      specialRequests: 'NDA for all staff',
    });
    expect(message).toBe(
      [
        'OFF-MARKET INQUIRY:',
        'A discreet villa for a film producer.',
        '',
        'Search criteria:',
        'Country: France',
        'Destination: Côte d’Azur',
        'Dates: July 1, 2031 – July 15, 2031',
        'Bedrooms: 6+',
        'Max price: €80,000 / week',
        'Amenities: Helipad, Private Beach',
        '',
        'Budget: €100,000 per week',
        'Special requests: NDA for all staff',
      ].join('\n'),
    );
  });

  it("says 'Any' for unset filters and skips an empty message", () => {
    const message = composeOffMarketMessage({ message: '', criteria: {}, budget: '', specialRequests: '' });
    expect(message.split('\n')).toEqual([
      'OFF-MARKET INQUIRY:',
      '',
      'Search criteria:',
      'Country: Any',
      'Destination: Any',
      'Dates: Flexible',
      'Bedrooms: Any',
      'Max price: Any',
      'Amenities: Any',
      '',
      'Budget: Not specified',
      'Special requests: None',
    ]);
  });

  it('stores only the criteria that are set', () => {
    expect(
      criteriaObject({ country: 'Italy', destination: null, amenityIds: [], amenities: [], bedrooms: 3 }),
    ).toEqual({
      country: 'Italy',
      bedrooms: 3,
    });
  });

  it("shows the budget in the agent's display currency, with the stored EUR figure beside it", () => {
    const display = { currency: 'GBP', rates: [{ fromCurrency: 'EUR', toCurrency: 'GBP', rate: 0.85 }] };
    const line = (c: Parameters<typeof criteriaLines>[0], d?: typeof display) =>
      Object.fromEntries(criteriaLines(c, d))['Max price'];
    expect(line({ maxPrice: 80000 }, display)).toBe('£68,000 / week (€80,000)');
    expect(line({ maxPrice: 80000 })).toBe('€80,000 / week');
    expect(line({ maxPrice: 80000 }, { currency: 'EUR', rates: display.rates })).toBe('€80,000 / week');
    // No rate to the chosen currency: EUR, said once.
    expect(line({ maxPrice: 80000 }, { currency: 'CHF', rates: display.rates })).toBe('€80,000 / week');
    const message = composeOffMarketMessage({
      message: '',
      criteria: { maxPrice: 80000 },
      budget: '',
      specialRequests: '',
      display,
    });
    expect(message).toContain('Max price: £68,000 / week (€80,000)');
  });
});
