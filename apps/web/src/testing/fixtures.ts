import type { CompanyInfo, CurrentUser, ExchangeRate, Property, PropertyCard } from '@villas/shared';

/** The signed-in agent every test has unless it says otherwise (the default `GET /api/auth/user`). */
export const agentUser: CurrentUser = {
  id: 7,
  firstName: 'Sophie',
  lastName: 'Laurent',
  name: 'Sophie Laurent',
  email: 'sophie@azure-voyages.example',
  company: 'Azure Voyages',
  role: 'agent',
  approved: true,
};

/** A signed-in administrator. */
export const adminUser: CurrentUser = {
  id: 1,
  firstName: 'Ines',
  lastName: 'Admin',
  name: 'Ines Admin',
  email: 'ines@maisonazur.example',
  company: 'Maison Azur',
  role: 'admin',
  approved: true,
};

/** The operator's company details (`GET /api/company`). */
export const company: CompanyInfo = {
  brandName: 'Maison Azur',
  name: 'Maison Azur Travel Ltd',
  number: 'SC812457',
  type: 'Private limited company registered in Scotland',
  incorporated: 'June 2024',
  address: '14 Charlotte Square, Edinburgh, EH2 4DJ, Scotland',
  status: 'Active',
  nature: '79110 - Travel agency activities',
  accountsDue: '31 March 2026',
  confirmationDue: '18 June 2026',
  registerUrl: 'https://find-and-update.company-information.service.gov.uk/company/SC812457',
  email: 'concierge@maisonazur.example',
  phone: '+44 131 555 0142',
};

const rate = (fromCurrency: string, toCurrency: string, value: number): ExchangeRate => ({
  fromCurrency,
  toCurrency,
  rate: value,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** Round rates between the site's currencies, so figures can be checked by hand. */
export const exchangeRates: ExchangeRate[] = [
  rate('USD', 'EUR', 0.8),
  rate('USD', 'GBP', 0.64),
  rate('EUR', 'GBP', 0.8),
  rate('GBP', 'EUR', 1.25),
  rate('EUR', 'USD', 1.25),
  rate('GBP', 'USD', 1.5625),
];

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

/** A property as a search page lists it: the card's fields, the excerpt instead of the description. */
export function toCard({ description, ...card }: Property): PropertyCard {
  return { ...card, excerpt: description.slice(0, 160) };
}
