import { z } from 'zod';
import { isValidIsoDate, isoDateSchema } from './dates.js';
import { currencySchema, propertyTypeSchema } from './property.js';
import { dbIdSchema, pathIdSchema, requiredText } from './common.js';

/** The most a price may be (a nightly or custom price in the property's currency). */
const MAX_PRICE = 10_000_000;

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE, `${label} is too large`)
    .refine((n) => Math.round(n * 100) === n * 100, `${label} can have at most 2 decimals`);

const propertyFields = {
  name: requiredText('Name', 200),
  description: requiredText('Description', 10_000),
  region: requiredText('Region', 100),
  subregion: z.string().trim().max(100).nullish(),
  location: z.string().trim().max(300).nullish(),
  bedrooms: z
    .number({ error: 'Bedrooms must be a number' })
    .int('Bedrooms must be a whole number')
    .min(1, 'Bedrooms must be at least 1')
    .max(100, 'Bedrooms must be at most 100'),
  maxGuests: z
    .number({ error: 'Max guests must be a number' })
    .int('Max guests must be a whole number')
    .min(1, 'Max guests must be at least 1')
    .max(500, 'Max guests must be at most 500'),
  basePricePerNight: money('Base price').nullish(),
  pricePerNight: money('Price per night').nullish(),
  propertyCurrency: currencySchema.optional(),
  currency: currencySchema.optional(),
  siteCurrency: currencySchema,
  propertyType: propertyTypeSchema,
  amenities: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  amenityIds: z.array(dbIdSchema).max(200).optional(),
  images: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Image URLs cannot be blank')
        .max(2000, 'Image URLs must be at most 2000 characters')
        .refine(
          (u) => /^(https?:\/\/|\/(?!\/))/i.test(u),
          'Image URLs must start with https://, http:// or /',
        ),
    )
    .max(50, 'At most 50 images')
    .optional(),
  available: z.boolean({ error: 'Available must be true or false' }),
  icalUrl: z.string().trim().url('iCal URL must be a valid URL').nullish(),
  /** yyyy-MM-dd → integer nightly price in the property's currency (admin form's custom prices). */
  customPricing: z
    .record(
      z.string(),
      z
        .number()
        .int('Custom prices must be whole numbers')
        .min(0, 'Custom prices cannot be negative')
        .max(MAX_PRICE, 'Custom prices must be at most 10,000,000'),
    )
    .superRefine((prices, ctx) => {
      for (const date of Object.keys(prices)) {
        if (!isValidIsoDate(date)) {
          ctx.addIssue({
            code: 'custom',
            path: [date],
            message: 'Use a real calendar date in the form yyyy-MM-dd',
          });
        }
      }
    })
    .optional(),
};

/**
 * Property create payload. Region and subregion come by name and are resolved to
 * ids (unknown → 400); `location` is derived as "Region, Subregion" when not sent; amenities come by
 * name (resolved to amenityIds) or as ids. Older names pricePerNight/currency are accepted.
 */
export const propertyInputSchema = z.object({
  ...propertyFields,
  bedrooms: propertyFields.bedrooms.default(1),
  maxGuests: propertyFields.maxGuests.default(2),
  siteCurrency: propertyFields.siteCurrency.default('EUR'),
  propertyType: propertyFields.propertyType.default('villa'),
  available: propertyFields.available.default(true),
});
export type PropertyInput = z.input<typeof propertyInputSchema>;
/** Partial update: only the fields sent change (no defaults are filled in, unlike create). */
export const propertyUpdateSchema = z.object(propertyFields).partial();
export type PropertyUpdateInput = z.input<typeof propertyUpdateSchema>;

/** The orders of a search page; each ends with the id, so pages never overlap or skip. */
export const PROPERTY_SORTS = ['featured', 'price-asc', 'price-desc', 'bedrooms'] as const;
export const propertySortSchema = z.enum(PROPERTY_SORTS, {
  error: `sort must be one of ${PROPERTY_SORTS.join(', ')}`,
});
export type PropertySort = z.infer<typeof propertySortSchema>;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/**
 * The search filter object: country, destination, bedrooms, maxPrice, checkIn, checkOut
 * and amenityIds. Unset filters may be absent, null, '' or 'any'.
 */
const blankToUndefined = (v: unknown) => (v === '' || v === null || v === 'any' ? undefined : v);
export const searchFiltersSchema = z
  .object({
    country: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    destination: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    bedrooms: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100).optional()),
    /** The most per week, in the site currency (EUR). */
    maxPrice: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .min(0, 'Maximum price cannot be negative')
        .max(1_000_000_000, 'Maximum price is too large')
        .optional(),
    ),
    checkIn: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    checkOut: z.preprocess(blankToUndefined, isoDateSchema.optional()),
    amenityIds: z.array(dbIdSchema).max(100).optional(),
    /** Words that must all occur in the name or destination (case and accents ignored). */
    q: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(100, 'The search text must be at most 100 characters')
        // PostgreSQL text cannot hold NUL; other control characters never belong in a name either.
        .refine(
          (v) => ![...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f),
          'The search text cannot contain control characters',
        )
        .optional(),
    ),
    /** Paging: any of these, or `page: true`, answers a page instead of the array. */
    page: z.boolean({ error: 'page must be true or false' }).optional(),
    sort: propertySortSchema.optional(),
    limit: z
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be between 1 and 100')
      .max(MAX_PAGE_SIZE, 'limit must be between 1 and 100')
      .optional(),
    offset: z
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset cannot be negative')
      .max(1_000_000, 'offset is too large')
      .optional(),
  })
  .superRefine((f, ctx) => {
    if ((f.checkIn && !f.checkOut) || (!f.checkIn && f.checkOut)) {
      ctx.addIssue({
        code: 'custom',
        path: [f.checkIn ? 'checkOut' : 'checkIn'],
        message: 'Choose both a check-in and a check-out date',
      });
    } else if (f.checkIn && f.checkOut && f.checkOut <= f.checkIn) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
    }
  });
export type SearchFilters = z.input<typeof searchFiltersSchema>;
/** Whether a search asks for a page (`{ items, total, limit, offset }`) rather than the original array. */
export const wantsPage = (f: { page?: boolean; sort?: unknown; limit?: unknown; offset?: unknown }) =>
  f.page === true || f.sort != null || f.limit != null || f.offset != null;

// Per-date calendar: per property and yyyy-MM-dd date, a price with its currency and
// an availability flag with optional notes; the bulk forms cover ranges of nights and selected dates.
export const dailyPricingInputSchema = z.object({
  propertyId: dbIdSchema,
  date: isoDateSchema,
  price: money('Price'),
  currency: currencySchema.default('EUR'),
});
export const availabilityInputSchema = z.object({
  propertyId: dbIdSchema,
  date: isoDateSchema,
  available: z.boolean(),
  notes: z.string().trim().max(500).nullish(),
});
export const dateRangeSchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    price: money('Price'),
    currency: currencySchema.default('EUR'),
  })
  .refine((r) => r.to > r.from, { message: 'The end date must be after the start date', path: ['to'] });
export const bulkPricingSchema = z.object({
  propertyId: dbIdSchema,
  ranges: z.array(dateRangeSchema).min(1, 'Add at least one date range').max(100),
});
export const bulkAvailabilitySchema = z.object({
  propertyId: dbIdSchema,
  dates: z.array(isoDateSchema).min(1, 'Select at least one date').max(800),
  available: z.boolean(),
  notes: z.string().trim().max(500).nullish(),
});
export const calendarRangeQuerySchema = z
  .object({ startDate: isoDateSchema, endDate: isoDateSchema })
  .refine((q) => q.endDate >= q.startDate, {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  });
export const availabilityRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  available: z.boolean(),
  notes: z.string().nullable().optional(),
});
export const pricingRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  price: z.number(),
  currency: currencySchema,
});
export const countSchema = z.object({ count: z.number().int() });

export const exchangeRateInputSchema = z.object({
  fromCurrency: currencySchema,
  toCurrency: currencySchema,
  rate: z.number().positive('Rate must be greater than 0').max(1000),
});

// Destinations: a region name, non-empty after trimming; a subregion needs its region
// and a name, both non-empty after trimming.
export const regionInputSchema = z.object(
  {
    regionName: z
      .string({ error: 'Please enter a region name' })
      .trim()
      .min(1, 'Please enter a region name')
      .max(100),
  },
  { error: 'Please enter a region name' },
);
export const subregionInputSchema = z.object(
  {
    regionName: z
      .string({ error: 'Please select a region and enter a subregion name' })
      .trim()
      .min(1, 'Please select a region and enter a subregion name')
      .max(100),
    subregionName: z
      .string({ error: 'Please select a region and enter a subregion name' })
      .trim()
      .min(1, 'Please select a region and enter a subregion name')
      .max(100),
  },
  { error: 'Please select a region and enter a subregion name' },
);

/** The landing page's featured villa: public, no trade rates beyond the headline nightly price. */
export const featuredPropertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  description: z.string(),
  bedrooms: z.number().int(),
  maxGuests: z.number().int(),
  propertyType: propertyTypeSchema,
  basePricePerNight: z.number().nullable(),
  currency: currencySchema,
  images: z.array(z.string()),
  amenities: z.array(z.string()),
});
export type FeaturedProperty = z.infer<typeof featuredPropertySchema>;

/** Path parameters of the destination deletes: names, URL-decoded by the server. */
export const regionParamsSchema = z.object({
  regionName: z.string().trim().min(1, 'Please enter a region name').max(100),
});
export const subregionParamsSchema = z.object({
  regionName: z.string().trim().min(1, 'Please select a region and enter a subregion name').max(100),
  subregionName: z.string().trim().min(1, 'Please select a region and enter a subregion name').max(100),
});

/** Path parameter of the calendar reads: `/api/availability/{propertyId}`. */
export const propertyIdParamSchema = z.object({
  propertyId: pathIdSchema('property id'),
});
