import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { amenities, properties, propertyImages, syncedProperties } from '@villas/db/schema';

/**
 * Reconciliation of provider listings: properties keyed by (external_provider, external_id) and
 * the link to the connection that brings them in (synced_properties, this module's table). A
 * provider sync is a bulk reconciler that diffs before it writes (docs/decisions/005-integrations.md):
 * it reads what it listed before here, and writes only the changes, the villas and their images
 * through the properties service, prices, nights and destinations through their modules' services
 * (one owner per table, docs/decisions/017).
 */

export interface ListedProperty {
  id: number;
  name: string;
  description: string;
  regionId: number | null;
  subregionId: number | null;
  location: string;
  bedrooms: number;
  maxGuests: number;
  basePricePerNight: string | null;
  propertyCurrency: string;
  amenityIds: number[];
  available: boolean;
  icalUrl: string | null;
  externalId: string;
  connectionId: number | null;
  linked: boolean;
  vanishedAt: Date | null;
  images: ListedImage[];
}

/** An image of a synced villa: its URL and, for a photo the sync stored, the provider's URL of it. */
export interface ListedImage {
  url: string;
  sourceUrl: string | null;
}

export async function loadListed(db: Queryable, provider: string): Promise<Map<string, ListedProperty>> {
  const rows = await db
    .select({
      id: properties.id,
      name: properties.name,
      description: properties.description,
      regionId: properties.regionId,
      subregionId: properties.subregionId,
      location: properties.location,
      bedrooms: properties.bedrooms,
      maxGuests: properties.maxGuests,
      basePricePerNight: properties.basePricePerNight,
      propertyCurrency: properties.propertyCurrency,
      amenityIds: properties.amenityIds,
      available: properties.available,
      icalUrl: properties.icalUrl,
      externalId: properties.externalId,
      connectionId: syncedProperties.connectionId,
      linked: sql<boolean>`${syncedProperties.propertyId} is not null`,
      vanishedAt: syncedProperties.vanishedAt,
      images: sql<ListedImage[]>`coalesce((
        select json_agg(json_build_object('url', ${propertyImages.url}, 'sourceUrl', ${propertyImages.sourceUrl})
          order by ${propertyImages.sortOrder}, ${propertyImages.id})
        from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id}), '[]'::json)`,
    })
    .from(properties)
    .leftJoin(syncedProperties, eq(syncedProperties.propertyId, properties.id))
    .where(eq(properties.externalProvider, provider));
  return new Map(
    rows.map((r) => [r.externalId!, { ...r, externalId: r.externalId!, vanishedAt: r.vanishedAt }]),
  );
}

/** Amenity catalogue: normalised name (see `key`) → id. */
export async function amenityIndex(
  db: Queryable,
  key: (name: string) => string,
): Promise<Map<string, number>> {
  const rows = await db.select({ id: amenities.id, name: amenities.name }).from(amenities);
  return new Map(rows.map((r) => [key(r.name), r.id]));
}

/** Those of `urls` that an image row (of any property) still points at. */
export async function imageUrlsInUse(db: Queryable, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db
    .selectDistinct({ url: propertyImages.url })
    .from(propertyImages)
    .where(inArray(propertyImages.url, urls));
  return new Set(rows.map((r) => r.url));
}

export async function upsertLink(
  db: Queryable,
  values: { propertyId: number; connectionId: number | null; provider: string; externalId: string },
): Promise<void> {
  await db
    .insert(syncedProperties)
    .values(values)
    .onConflictDoUpdate({
      target: syncedProperties.propertyId,
      set: {
        connectionId: values.connectionId ?? sql`${syncedProperties.connectionId}`,
        externalId: values.externalId,
        lastSeenAt: sql`now()`,
        vanishedAt: null,
      },
    });
}

/** Seen in this run: one statement for all of them. */
export async function touchLinks(db: Queryable, propertyIds: number[]): Promise<void> {
  if (!propertyIds.length) return;
  await db
    .update(syncedProperties)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(syncedProperties.propertyId, propertyIds));
}

/** Properties of a connection missing from its latest list and not yet marked vanished. */
export async function vanishedCandidates(db: Queryable, params: { connectionId: number; seen: string[] }) {
  return db
    .select({ id: properties.id, name: properties.name, available: properties.available })
    .from(syncedProperties)
    .innerJoin(properties, eq(properties.id, syncedProperties.propertyId))
    .where(
      and(
        eq(syncedProperties.connectionId, params.connectionId),
        isNull(syncedProperties.vanishedAt),
        params.seen.length ? notInArray(syncedProperties.externalId, params.seen) : undefined,
      ),
    )
    .orderBy(asc(properties.id));
}

/**
 * A villa the provider no longer lists: its link is marked vanished (the properties service makes
 * the villa unavailable in the same transaction).
 */
export async function markLinkVanished(db: Queryable, propertyId: number): Promise<void> {
  await db
    .update(syncedProperties)
    .set({ vanishedAt: sql`now()` })
    .where(eq(syncedProperties.propertyId, propertyId));
}
