import type { CompanyInfo, FeaturedProperty } from '@villas/shared';

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

export const featured: FeaturedProperty = {
  id: 1,
  name: 'Villa Cap Lumière',
  location: 'France, French Riviera',
  description: 'Set above a private cove on Cap Ferrat.',
  bedrooms: 6,
  maxGuests: 12,
  propertyType: 'villa',
  basePricePerNight: 15000,
  currency: 'EUR',
  images: ['/uploads/demo/a.webp', '/uploads/demo/b.webp', '/uploads/demo/c.webp'],
  amenities: ['Infinity Pool', 'Sea View'],
};
