import {
  AMENITY_CATEGORIES,
  amenityCategory,
  propertyInputSchema,
  type AdminLocation,
  type AdminPropertyUpdateInput,
  type Amenity,
  type AmenityCategory,
  type Currency,
  type Property,
  type PropertyInput,
} from '@villas/shared';
import { z } from 'zod';

/** The shared schema's field rules (name, description, region, numbers, currencies, type, flag). */
const fields = propertyInputSchema.shape;

const customPriceSchema = z.object({
  date: z.string(),
  price: z.number(),
  currency: z.string(),
  /** Already stored on the server (read when editing); unchanged ones are not sent again. */
  saved: z.boolean(),
});
export type CustomPrice = z.infer<typeof customPriceSchema>;

/** The messages of the fields a save cannot go without. */
export const REQUIRED_MESSAGES = {
  name: 'Name is required',
  description: 'Description is required',
  region: 'Region is required',
  subregion: 'Subregion is required',
} as const;

/**
 * The Add / Edit Property form: the shared schema's rules, region and subregion by name
 * (the subregion is required when the region has any), amenity names, image URLs in order and the
 * custom prices as a list.
 */
export function propertyFormSchema(locations: readonly AdminLocation[] = []) {
  return z
    .object({
      name: fields.name,
      description: fields.description,
      region: fields.region,
      subregion: z.string(),
      bedrooms: fields.bedrooms.unwrap(),
      maxGuests: fields.maxGuests.unwrap(),
      basePricePerNight: fields.basePricePerNight.unwrap().unwrap(),
      propertyCurrency: fields.propertyCurrency.unwrap(),
      siteCurrency: fields.siteCurrency.unwrap(),
      propertyType: fields.propertyType.unwrap(),
      available: fields.available.unwrap(),
      amenities: z.array(z.string()),
      images: z.array(z.string()),
      customPrices: z.array(customPriceSchema),
    })
    .superRefine((v, ctx) => {
      const region = locations.find((l) => l.region === v.region);
      if (region && region.subregions.length > 0 && !v.subregion) {
        ctx.addIssue({ code: 'custom', path: ['subregion'], message: REQUIRED_MESSAGES.subregion });
      }
    });
}
export type PropertyFormValues = z.input<ReturnType<typeof propertyFormSchema>>;
export type PropertyFormOutput = z.output<ReturnType<typeof propertyFormSchema>>;

/** New property defaults: 1 bedroom, 2 guests, 1000 a night, EUR, villa, available. */
export const NEW_PROPERTY: PropertyFormValues = {
  name: '',
  description: '',
  region: '',
  subregion: '',
  bedrooms: 1,
  maxGuests: 2,
  basePricePerNight: 1000,
  propertyCurrency: 'EUR',
  siteCurrency: 'EUR',
  propertyType: 'villa',
  available: true,
  amenities: [],
  images: [],
  customPrices: [],
};

/** The form's values of a stored property; older names pricePerNight and currency are read too. */
export function valuesOfProperty(
  p: Property,
  prices: ReadonlyArray<{ date: string; price: number; currency: string }> = [],
): PropertyFormValues {
  return {
    name: p.name,
    description: p.description,
    region: p.region ?? '',
    subregion: p.subregion ?? '',
    bedrooms: p.bedrooms,
    maxGuests: p.maxGuests,
    basePricePerNight: p.basePricePerNight ?? p.pricePerNight ?? 0,
    propertyCurrency: p.propertyCurrency ?? p.currency ?? 'EUR',
    siteCurrency: p.siteCurrency ?? 'EUR',
    propertyType: p.propertyType,
    available: p.available,
    amenities: [...p.amenities],
    images: [...p.images],
    customPrices: sortByDate(
      prices.map((r) => ({ date: r.date, price: r.price, currency: r.currency, saved: true })),
    ),
  };
}

export const sortByDate = <T extends { date: string }>(list: T[]) =>
  [...list].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** The location string sent: the region, plus the subregion when set. */
export const locationOf = (region: string, subregion: string) =>
  subregion ? `${region}, ${subregion}` : region;

/** POST /api/properties: the property's payload, with the new custom prices as yyyy-MM-dd → price. */
export function createPayload(v: PropertyFormOutput): PropertyInput {
  return {
    name: v.name,
    region: v.region,
    subregion: v.subregion || null,
    location: locationOf(v.region, v.subregion),
    description: v.description,
    bedrooms: v.bedrooms,
    maxGuests: v.maxGuests,
    basePricePerNight: v.basePricePerNight,
    propertyCurrency: v.propertyCurrency,
    siteCurrency: v.siteCurrency,
    propertyType: v.propertyType,
    amenities: v.amenities,
    images: v.images,
    available: v.available,
    customPricing: Object.fromEntries(v.customPrices.filter((p) => !p.saved).map((p) => [p.date, p.price])),
  };
}

/**
 * PUT /api/properties/{id}: the same fields; stored prices left as they were are not re-sent (they may
 * be in another currency), and stored dates taken off the list go back to the base price.
 */
export function updatePayload(
  v: PropertyFormOutput,
  savedDates: readonly string[],
): AdminPropertyUpdateInput {
  const listed = new Set(v.customPrices.map((p) => p.date));
  return {
    ...createPayload(v),
    removeCustomPrices: savedDates.filter((d) => !listed.has(d)),
  };
}

/** Which tab holds each field, to open the first one with an error. */
export const FORM_TABS = ['basic', 'location', 'amenities', 'pricing'] as const;
export type FormTab = (typeof FORM_TABS)[number];
export const TAB_OF: Record<keyof PropertyFormValues, FormTab> = {
  name: 'basic',
  description: 'basic',
  bedrooms: 'basic',
  maxGuests: 'basic',
  propertyType: 'basic',
  available: 'basic',
  region: 'location',
  subregion: 'location',
  amenities: 'amenities',
  basePricePerNight: 'pricing',
  propertyCurrency: 'pricing',
  siteCurrency: 'pricing',
  images: 'pricing',
  customPrices: 'pricing',
};

/**
 * The amenity names in the nine categories, in catalogue order: the server's category
 * when it is one of the nine, otherwise the shared keyword rule.
 */
export function groupCatalogue(
  amenities: readonly Amenity[],
): Array<{ category: AmenityCategory; names: string[] }> {
  const known = new Set<string>(AMENITY_CATEGORIES);
  const groups = new Map<AmenityCategory, string[]>(AMENITY_CATEGORIES.map((c) => [c, []]));
  for (const a of amenities) {
    const c = known.has(a.category) ? (a.category as AmenityCategory) : amenityCategory(a.name);
    groups.get(c)!.push(a.name);
  }
  return AMENITY_CATEGORIES.map((category) => ({ category, names: groups.get(category)! }));
}

export type { Currency };
