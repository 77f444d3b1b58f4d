import { describe, expect, it } from 'vitest';
import { readPricing, readSyncSummary, readVillas } from './invenio-data';

describe('Invenio answer readers', () => {
  it('reads villas from a list or from {data: [...]}, numbers given as text included', () => {
    const raw = {
      v_uuid: 'v-1',
      name: 'Villa Belvedere',
      areaname: 'Ano Mera',
      bedrooms: '5',
      minimum_price: '7000',
    };
    const expected = {
      id: 'v-1',
      name: 'Villa Belvedere',
      place: 'Ano Mera',
      country: null,
      bedrooms: 5,
      sleeps: null,
      stayPrice: undefined,
      weeklyMin: 7000,
      weeklyMax: null,
    };
    expect(readVillas([raw])).toEqual([expected]);
    expect(readVillas({ data: [raw, 'junk', null] })).toEqual([expected]);
    expect(readVillas([{ v_uuid: 'v-2', price: 0 }])[0]).toMatchObject({ name: 'v-2', stayPrice: 0 });
    expect(readVillas('nothing')).toEqual([]);
  });

  it('reads price periods per villa; none or unreadable ones mean on request', () => {
    expect(
      readPricing({
        'v-1': [
          {
            start_date: '2026-06-01',
            end_date: '2026-06-30',
            amount: 1200,
            currency_code: 'EUR',
            unit: 'Week',
          },
          { message: 'Price on request' },
        ],
        'v-2': null,
        'v-3': [{ message: 'Price on request' }],
      }),
    ).toEqual([
      {
        id: 'v-1',
        periods: [
          {
            from: '2026-06-01',
            to: '2026-06-30',
            amount: 1200,
            currency: 'EUR',
            unit: 'Week',
            minimumNights: null,
          },
        ],
      },
      { id: 'v-2', periods: null },
      { id: 'v-3', periods: null },
    ]);
    expect(readPricing([])).toEqual([]);
  });

  it('reads the sync summary, leaving out what is missing', () => {
    expect(readSyncSummary({ total: 8, created: 3, updated: 5, reportId: 77 })).toEqual({
      total: 8,
      created: 3,
      updated: 5,
      unavailable: null,
      errors: null,
      reportId: 77,
    });
    expect(readSyncSummary(undefined).total).toBeNull();
  });
});
