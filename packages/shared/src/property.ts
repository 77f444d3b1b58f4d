import { z } from 'zod';
import { pageSchema } from './common.js';
import { CURRENCIES, PROPERTY_TYPES } from './constants.js';

export const currencySchema = z.enum(CURRENCIES, {
  error: `Currency must be one of ${CURRENCIES.join(', ')}`,
});
export const propertyTypeSchema = z.enum(PROPERTY_TYPES, {
  error: `Property type must be one of ${PROPERTY_TYPES.join(', ')}`,
});

/**
 * A property as the API answers it: the original fields, with the older aliases
 * `pricePerNight` and `currency` kept equal to `basePricePerNight` and `propertyCurrency`.
 */
export const propertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int().nullable(),
  subregionId: z.number().int().nullable(),
  region: z.string().nullable(),
  subregion: z.string().nullable(),
  description: z.string(),
  bedrooms: z.number().int(),
  maxGuests: z.number().int(),
  basePricePerNight: z.number().nullable(),
  propertyCurrency: currencySchema,
  siteCurrency: currencySchema,
  propertyType: propertyTypeSchema,
  amenityIds: z.array(z.number().int()),
  amenities: z.array(z.string()),
  images: z.array(z.string()),
  available: z.boolean(),
  location: z.string(),
  pricePerNight: z.number().nullable(),
  currency: currencySchema,
  externalId: z.string().nullable(),
  externalProvider: z.string().nullable(),
  icalUrl: z.string().nullable(),
  lastSyncDate: z.string().nullable(),
  createdAt: z.string(),
  /** Weekly price converted to the site currency (EUR); null = 'Price on Request'. */
  weeklyPriceEur: z.number().nullable().optional(),
  /** Dated searches only: nights of the stay and its total in the property's currency. */
  totalNights: z.number().int().optional(),
  totalCost: z.number().nullable().optional(),
  totalCostEur: z.number().nullable().optional(),
});
export type Property = z.infer<typeof propertySchema>;

/**
 * A villa as a search page lists it: the card's fields, with a short `excerpt` instead of the long
 * description and at most the card's images. The detail dialog reads the full property by id.
 */
export const propertyCardSchema = propertySchema.omit({ description: true }).extend({ excerpt: z.string() });
export type PropertyCard = z.infer<typeof propertyCardSchema>;

/** One page of a search: the cards, how many match in all, and the page's limit and offset. */
export const propertyPageSchema = pageSchema(propertyCardSchema);
export type PropertyPage = z.infer<typeof propertyPageSchema>;
