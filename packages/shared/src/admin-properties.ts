import { z } from 'zod';
import { propertyUpdateSchema } from './catalogue.js';
import { isoDateSchema } from './dates.js';
import { pageQuerySchema, pageSchema } from './common.js';
import { currencySchema, propertyTypeSchema } from './property.js';

/** One page of the admin Properties tab. */
export const ADMIN_PROPERTIES_PAGE_SIZE = 24;
/** Longest description a card receives (the card cuts it further). */
export const ADMIN_PROPERTY_DESCRIPTION_CHARS = 300;
/** Images a card receives: the cover first. */
export const ADMIN_PROPERTY_CARD_IMAGES = 3;

/**
 * `GET /api/admin/properties`: `q` matches the name, location, description or property type, any case;
 * paged, ordered by name then id.
 */
export const adminPropertiesQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search at most 200 characters').optional(),
  ...pageQuerySchema(ADMIN_PROPERTIES_PAGE_SIZE, 100).shape,
});
export type AdminPropertiesQuery = z.input<typeof adminPropertiesQuerySchema>;

/** A card of the admin Properties tab: what the card shows, prices converted to EUR. */
export const adminPropertyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  region: z.string().nullable(),
  subregion: z.string().nullable(),
  /** Cut at 300 characters. */
  description: z.string(),
  /** The first images, the cover first. */
  images: z.array(z.string()),
  imageCount: z.number().int(),
  bedrooms: z.number().int(),
  maxGuests: z.number().int(),
  propertyType: propertyTypeSchema,
  /** The property's own flag ('Available for booking'). */
  available: z.boolean(),
  /** The flag on and today (UTC) not blocked in the availability calendar. */
  availableNow: z.boolean(),
  basePricePerNight: z.number().nullable(),
  propertyCurrency: currencySchema,
  /** The base price in EUR through the stored exchange rates; null = 'Price on Request'. */
  nightlyPriceEur: z.number().nullable(),
  weeklyPriceEur: z.number().nullable(),
});
export type AdminPropertyItem = z.infer<typeof adminPropertyItemSchema>;

/** `total`: every property matching `q`, across pages. */
export const adminPropertiesPageSchema = pageSchema(adminPropertyItemSchema);
export type AdminPropertiesPage = z.infer<typeof adminPropertiesPageSchema>;

/**
 * `PUT /api/properties/{id}`: the partial update, plus the custom prices the admin removed in the
 * property dialog (those dates go back to the base price), in the same transaction.
 */
export const adminPropertyUpdateSchema = propertyUpdateSchema.extend({
  removeCustomPrices: z
    .array(isoDateSchema)
    .max(1000, 'Remove at most 1000 custom prices at once')
    .optional(),
});
export type AdminPropertyUpdateInput = z.input<typeof adminPropertyUpdateSchema>;
