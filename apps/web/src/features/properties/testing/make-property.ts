import type { Property } from '@villas/shared';

/** A complete API property for tests; override what the test is about. */
export function makeProperty(overrides: Partial<Property> = {}): Property {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Villa ${id}`,
    regionId: 1,
    subregionId: 1,
    region: 'France',
    subregion: 'Provence',
    description: 'A restored bastide among lavender fields.',
    bedrooms: 4,
    maxGuests: 8,
    basePricePerNight: 1000,
    propertyCurrency: 'EUR',
    siteCurrency: 'EUR',
    propertyType: 'villa',
    amenityIds: [],
    amenities: [],
    images: [],
    available: true,
    location: 'France, Provence',
    pricePerNight: 1000,
    currency: 'EUR',
    externalId: null,
    externalProvider: null,
    icalUrl: null,
    lastSyncDate: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    weeklyPriceEur: 7000,
    ...overrides,
  };
}
