import type { Property } from '@villas/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Queryable } from '@villas/db/client';
import {
  basePriceSql,
  currencyRateToEurSql,
  nightlyEurSql,
  nightPriceSql,
  rateToEurSql,
  weeklyEurSql,
} from '../../db/prices';
import { amenities, exchangeRates, properties, propertyImages, regions, subregions } from '@villas/db/schema';
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
  // Names in the property's order. The id → name lookup array is built once per query (an
  // uncorrelated InitPlan), which halves the cost against joining amenities for every row; ids of
  // amenities that no longer exist are dropped.
  amenityNames: sql<string[]>`array_remove(array(
      select (
        select array_agg(a.name order by slot)
        from generate_series(1, (select max(id) from amenities)) slot
        left join amenities a on a.id = slot
      )[u.id]
      from unnest(${properties.amenityIds}) with ordinality u(id, ord)
      order by u.ord
    ), null)`.as('amenity_names'),
  imageUrls: sql<string[]>`coalesce((
      select array_agg(i.url order by i.sort_order, i.id)
      from property_images i where i.property_id = ${properties.id}
    ), '{}')`.as('image_urls'),
  nightlyPriceEur: nightlyEurSql(basePriceSql, rateToEurSql).as('nightly_price_eur'),
  weeklyPriceEur: weeklyEurSql(basePriceSql, rateToEurSql).as('weekly_price_eur'),
};

export type PropertyRow = {
  p: typeof properties.$inferSelect;
  region: string | null;
  subregion: string | null;
  amenityNames: string[];
  imageUrls: string[];
  nightlyPriceEur: string | null;
  weeklyPriceEur: string | null;
};

/**
 * The base query: properties joined to their names and EUR rate, plus any extra selected fields
 * (search adds the stay's totals). Add joins, where and order as needed.
 */
export function selectProperties<E extends SelectedFields = Record<never, never>>(db: Queryable, extra?: E) {
  return db
    .select({ ...propertySelection, ...(extra ?? ({} as E)) })
    .from(properties)
    .leftJoin(regions, eq(regions.id, properties.regionId))
    .leftJoin(subregions, eq(subregions.id, properties.subregionId))
    .leftJoin(
      exchangeRates,
      and(eq(exchangeRates.fromCurrency, properties.propertyCurrency), eq(exchangeRates.toCurrency, 'EUR')),
    )
    .$dynamic();
}

export function toProperty(row: PropertyRow): Property {
  const p = row.p;
  const base = num(p.basePricePerNight);
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
    weeklyPriceEur: num(row.weeklyPriceEur),
  };
}

export async function listProperties(
  db: Queryable,
  opts: { ids?: number[]; limit?: number; offset?: number } = {},
): Promise<Property[]> {
  const q = selectProperties(db).orderBy(asc(properties.id));
  if (opts.ids) q.where(inArray(properties.id, opts.ids));
  if (opts.limit) q.limit(opts.limit);
  if (opts.offset) q.offset(opts.offset);
  return (await q).map(toProperty);
}

export async function findProperty(db: Queryable, id: number): Promise<Property | undefined> {
  const [row] = await selectProperties(db).where(eq(properties.id, id)).limit(1);
  return row ? toProperty(row) : undefined;
}

/** The landing page's showcase: the first property flagged as featured. */
export async function findFeatured(db: Queryable): Promise<Property | undefined> {
  const [row] = await selectProperties(db)
    .where(eq(properties.featured, true))
    .orderBy(asc(properties.id))
    .limit(1);
  return row ? toProperty(row) : undefined;
}

export async function findPropertyRow(db: Queryable, id: number) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  return row;
}

export type PropertyValues = Omit<typeof properties.$inferInsert, 'id' | 'createdAt'>;

export async function insertProperty(db: Queryable, values: PropertyValues) {
  const [row] = await db.insert(properties).values(values).returning({ id: properties.id });
  return row!;
}

export async function updateProperty(db: Queryable, id: number, values: Partial<PropertyValues>) {
  const [row] = await db
    .update(properties)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(properties.id, id))
    .returning({ id: properties.id });
  return row;
}

/** Images, prices and availability go with it (cascading FKs); inquiries keep a null propertyId. */
export async function deleteProperty(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.delete(properties).where(eq(properties.id, id)).returning({ id: properties.id });
  return rows.length > 0;
}

/**
 * The images of a property, replaced as a whole and kept in the order given. An image that stays
 * keeps its `source_url` (a synced photo's provider URL), so saving a synced villa's form does not
 * make the next sync download its photos again; new URLs have none.
 */
export async function replaceImages(db: Queryable, propertyId: number, urls: string[]): Promise<void> {
  const removed = await db
    .delete(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .returning({ url: propertyImages.url, sourceUrl: propertyImages.sourceUrl });
  if (!urls.length) return;
  const sources = new Map(removed.filter((r) => r.sourceUrl != null).map((r) => [r.url, r.sourceUrl]));
  await db.insert(propertyImages).values(
    urls.map((url, i) => ({
      propertyId,
      url,
      filename: url.split(/[?#]/)[0]!.split('/').pop() || null,
      sourceUrl: sources.get(url) ?? null,
      sortOrder: i,
    })),
  );
}

/** What a provider sync sets of a villa it brings in; the other columns keep their defaults. */
export type SyncedPropertyValues = Pick<
  PropertyValues,
  | 'name'
  | 'description'
  | 'regionId'
  | 'subregionId'
  | 'location'
  | 'bedrooms'
  | 'maxGuests'
  | 'basePricePerNight'
  | 'propertyCurrency'
  | 'amenityIds'
  | 'available'
  | 'icalUrl'
>;

/** A villa a provider sync brings in, keyed by (external_provider, external_id); stamped as synced now. */
export async function insertSyncedProperty(
  db: Queryable,
  values: SyncedPropertyValues & { externalProvider: string; externalId: string },
): Promise<number> {
  const [row] = await db
    .insert(properties)
    .values({ ...values, lastSyncDate: sql`now()` })
    .returning({ id: properties.id });
  return row!.id;
}

/** The columns a provider sync changed on a villa it brought in; stamped as synced now. */
export async function updateSyncedProperty(
  db: Queryable,
  id: number,
  values: Partial<SyncedPropertyValues>,
): Promise<void> {
  await db
    .update(properties)
    .set({ ...values, lastSyncDate: sql`now()`, updatedAt: sql`now()` })
    .where(eq(properties.id, id));
}

/**
 * The images of a synced villa, replaced as a whole, in the order given, each with the provider's
 * URL of a photo the sync stored (null for one it did not).
 */
export async function replaceSyncedImages(
  db: Queryable,
  propertyId: number,
  images: Array<{ url: string; sourceUrl: string | null }>,
): Promise<void> {
  await db.delete(propertyImages).where(eq(propertyImages.propertyId, propertyId));
  if (images.length) {
    await db
      .insert(propertyImages)
      .values(
        images.map((image, i) => ({ propertyId, url: image.url, sourceUrl: image.sourceUrl, sortOrder: i })),
      );
  }
}

/** A villa no longer bookable (a provider stopped listing it): unavailable, never deleted. */
export async function markUnavailable(db: Queryable, id: number): Promise<void> {
  await db
    .update(properties)
    .set({ available: false, updatedAt: sql`now()` })
    .where(eq(properties.id, id));
}

/** Amenities whose names match any of these, whatever their case. */
export async function findAmenitiesByName(db: Queryable, names: string[]) {
  if (!names.length) return [];
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  return db
    .select({ id: amenities.id, name: amenities.name })
    .from(amenities)
    .where(inArray(sql`lower(${amenities.name})`, lowered));
}

export async function findAmenitiesById(db: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: amenities.id }).from(amenities).where(inArray(amenities.id, ids));
}

/** A villa's name and capacity (bookings keep the name as a snapshot and check the guests). */
export async function findBookableProperty(
  db: Queryable,
  id: number,
): Promise<{ id: number; name: string; maxGuests: number } | undefined> {
  const [row] = await db
    .select({ id: properties.id, name: properties.name, maxGuests: properties.maxGuests })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  return row;
}

/**
 * The trade total of one stay (the nights [checkIn, checkOut)) for each of these villas, in the villa's
 * own currency, by the weekly price rule's stay total (@villas/shared `stayTotalCents`, checked
 * against it by weekly-price.property.test.ts; blocked nights are not its concern here): a
 * night's own price where one is set (in another currency: converted through EUR and rounded to
 * cents), the base price on the other nights; null when a night has no price (Price on Request) or a
 * night's price cannot be converted. White-label links price their villas by id with it.
 */
export async function stayTotalsByProperty(
  db: Queryable,
  p: { ids: number[]; checkIn: string; checkOut: string; nights: number },
): Promise<Map<number, number | null>> {
  if (!p.ids.length) return new Map();
  const base = basePriceSql;
  const nights = sql`${p.nights}::integer`;
  const stay = sql`(
    select count(*)::integer as priced_nights,
      count(stay_price.converted)::integer as converted_nights,
      sum(stay_price.converted) as priced_total
    from (
      select ${nightPriceSql(sql`dp.price`, sql`dp.currency`, currencyRateToEurSql(sql`${properties.propertyCurrency}`))}
        as converted
      from daily_pricing dp
      where dp.property_id = ${properties.id}
        and dp.date >= ${p.checkIn}::date and dp.date < ${p.checkOut}::date
    ) stay_price
  ) stay`;
  const rows = await db
    .select({
      id: properties.id,
      total: sql<string | null>`case
        when stay.converted_nights < stay.priced_nights then null
        when stay.priced_nights < ${nights} and ${base} is null then null
        else coalesce(stay.priced_total, 0) + (${nights} - stay.priced_nights) * coalesce(${base}, 0)
      end`,
    })
    .from(properties)
    .leftJoinLateral(stay, sql`true`)
    .where(inArray(properties.id, p.ids));
  return new Map(rows.map((r) => [r.id, num(r.total)]));
}
