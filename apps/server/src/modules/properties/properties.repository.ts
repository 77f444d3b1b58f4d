import type { Property } from '@villas/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { exchangeRates, properties, regions, subregions } from '../../db/schema';
import { iso, num } from '../../lib/time';

/**
 * The columns of a property as the API answers it, in one query: region and subregion names,
 * amenity names (in the property's order), image URLs, and the weekly price in EUR through the
 * exchange-rate table. Search builds on the same selection.
 */
export const propertySelection = {
  p: properties,
  region: regions.name,
  subregion: subregions.name,
  amenityNames: sql<string[]>`coalesce((
      select array_agg(a.name order by array_position(${properties.amenityIds}, a.id))
      from amenities a where a.id = any(${properties.amenityIds})
    ), '{}')`.as('amenity_names'),
  imageUrls: sql<string[]>`coalesce((
      select array_agg(i.url order by i.sort_order, i.id)
      from property_images i where i.property_id = ${properties.id}
    ), '{}')`.as('image_urls'),
  rateToEur:
    sql<string>`case when ${properties.propertyCurrency} = 'EUR' then 1 else ${exchangeRates.rate} end`.as(
      'rate_to_eur',
    ),
};

export type PropertyRow = {
  p: typeof properties.$inferSelect;
  region: string | null;
  subregion: string | null;
  amenityNames: string[];
  imageUrls: string[];
  rateToEur: string | number | null;
};

/** The base query: properties joined to their names and EUR rate. Add where/order as needed. */
export function selectProperties(db: Queryable) {
  return db
    .select(propertySelection)
    .from(properties)
    .leftJoin(regions, eq(regions.id, properties.regionId))
    .leftJoin(subregions, eq(subregions.id, properties.subregionId))
    .leftJoin(
      exchangeRates,
      and(eq(exchangeRates.fromCurrency, properties.propertyCurrency), eq(exchangeRates.toCurrency, 'EUR')),
    )
    .$dynamic();
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function toProperty(row: PropertyRow): Property {
  const p = row.p;
  const base = num(p.basePricePerNight);
  const rate = num(row.rateToEur);
  const priced = base != null && base > 0;
  return {
    id: p.id,
    name: p.name,
    regionId: p.regionId,
    subregionId: p.subregionId,
    region: row.region,
    subregion: row.subregion,
    description: p.description,
    bedrooms: p.bedrooms,
    maxGuests: p.maxGuests,
    basePricePerNight: base,
    propertyCurrency: p.propertyCurrency as Property['propertyCurrency'],
    siteCurrency: p.siteCurrency as Property['siteCurrency'],
    propertyType: p.propertyType,
    amenityIds: p.amenityIds,
    amenities: row.amenityNames ?? [],
    images: row.imageUrls ?? [],
    available: p.available,
    location: p.location,
    pricePerNight: base,
    currency: p.propertyCurrency as Property['currency'],
    externalId: p.externalId,
    externalProvider: p.externalProvider,
    icalUrl: p.icalUrl,
    lastSyncDate: iso(p.lastSyncDate),
    createdAt: iso(p.createdAt)!,
    weeklyPriceEur: priced && rate != null ? round2(base * 7 * rate) : null,
  };
}

export async function listProperties(
  db: Queryable,
  opts: { where?: SQL; limit?: number; offset?: number } = {},
): Promise<Property[]> {
  const q = selectProperties(db).orderBy(asc(properties.id));
  if (opts.where) q.where(opts.where);
  if (opts.limit) q.limit(opts.limit);
  if (opts.offset) q.offset(opts.offset);
  return (await q).map(toProperty);
}

export async function findProperty(db: Queryable, id: number): Promise<Property | undefined> {
  const [row] = await selectProperties(db).where(eq(properties.id, id)).limit(1);
  return row ? toProperty(row) : undefined;
}
