import {
  DEFAULT_PAGE_SIZE,
  nightsBetween,
  wantsPage,
  type PropertyPage,
  type adminPropertyUpdateSchema,
  type Currency,
  type FeaturedProperty,
  type Property,
  type propertyInputSchema,
  type propertyUpdateSchema,
  type searchFiltersSchema,
} from '@villas/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '@villas/db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { removeCustomPrices, setCustomPrices } from '../calendar/calendar.service';
import { resolveLocation, type ResolvedLocation } from '../locations/locations.service';
import * as repo from './properties.repository';
import type { SearchIndex } from './search-index';
import { searchProperties as searchQuery, searchPropertyPage } from './search.repository';

type CreateInput = z.output<typeof propertyInputSchema>;
type UpdateInput = z.output<typeof propertyUpdateSchema> &
  Partial<Pick<z.output<typeof adminPropertyUpdateSchema>, 'removeCustomPrices'>>;
type SearchInput = z.output<typeof searchFiltersSchema>;

const notFound = () => new NotFoundError('Property not found');

/**
 * What the modules that keep property ids without a foreign key (white-label links) drop when a
 * property is deleted, in the deletion's transaction. Those modules read the catalogue, so the
 * composition root (modules/index.ts) hands it to the properties routes: properties never imports them.
 */
export type BeforePropertyDelete = (tx: Queryable, propertyId: number) => Promise<void>;

export const listProperties = repo.listProperties;

/** These properties as the API answers them, in id order (unknown ids are simply absent). */
export const listPropertiesByIds = (db: Queryable, ids: number[]): Promise<Property[]> =>
  repo.listProperties(db, { ids });

export async function getProperty(db: Queryable, id: number): Promise<Property> {
  const property = await repo.findProperty(db, id);
  if (!property) throw notFound();
  return property;
}

/** The landing page's showcase villa: public, so only its public fields. */
export async function getFeaturedProperty(db: Queryable): Promise<FeaturedProperty> {
  const p = await repo.findFeatured(db);
  if (!p) throw new NotFoundError('No featured property');
  return {
    id: p.id,
    name: p.name,
    location: p.location,
    description: p.description,
    bedrooms: p.bedrooms,
    maxGuests: p.maxGuests,
    propertyType: p.propertyType,
    basePricePerNight: p.basePricePerNight,
    currency: p.propertyCurrency,
    images: p.images,
    amenities: p.amenities,
  };
}

const locationText = (loc: ResolvedLocation) =>
  loc.subregionName ? `${loc.regionName}, ${loc.subregionName}` : loc.regionName;

/**
 * Amenities by name (any case) and/or by id → the ids, names first in the order given, no
 * duplicates. Unknown names or ids are a 400 listing them.
 */
async function resolveAmenities(
  db: Queryable,
  names?: string[],
  ids?: number[],
): Promise<number[] | undefined> {
  if (names === undefined && ids === undefined) return undefined;
  const out: number[] = [];
  if (names?.length) {
    const found = await repo.findAmenitiesByName(db, names);
    const byName = new Map(found.map((a) => [a.name.toLowerCase(), a.id]));
    const unknown = names.filter((n) => !byName.has(n.toLowerCase()));
    if (unknown.length) {
      const message = `Unknown amenities: ${[...new Set(unknown)].join(', ')}`;
      throw new ValidationError(message, [{ path: ['amenities'], message }]);
    }
    for (const n of names) out.push(byName.get(n.toLowerCase())!);
  }
  if (ids?.length) {
    const found = new Set((await repo.findAmenitiesById(db, ids)).map((a) => a.id));
    const unknown = [...new Set(ids.filter((id) => !found.has(id)))];
    if (unknown.length) {
      const message = `Unknown amenity ids: ${unknown.join(', ')}`;
      throw new ValidationError(message, [{ path: ['amenityIds'], message }]);
    }
    out.push(...ids);
  }
  return [...new Set(out)];
}

const priceText = (n: number | null | undefined) => (n == null ? n : String(n));

/** Admin: a new property with its images and custom prices, all in one transaction. */
export async function createProperty(db: Db, input: CreateInput): Promise<Property> {
  const id = await db.transaction(async (tx) => {
    const loc = await resolveLocation(tx, { region: input.region, subregion: input.subregion });
    const amenityIds = (await resolveAmenities(tx, input.amenities, input.amenityIds)) ?? [];
    const currency: Currency = input.propertyCurrency ?? input.currency ?? 'EUR';
    const { id } = await repo.insertProperty(tx, {
      name: input.name,
      description: input.description,
      regionId: loc.regionId,
      subregionId: loc.subregionId,
      location: input.location || locationText(loc),
      bedrooms: input.bedrooms,
      maxGuests: input.maxGuests,
      basePricePerNight: priceText(input.basePricePerNight ?? input.pricePerNight) ?? null,
      propertyCurrency: currency,
      siteCurrency: input.siteCurrency,
      propertyType: input.propertyType,
      amenityIds,
      available: input.available,
      icalUrl: input.icalUrl ?? null,
    });
    if (input.images?.length) await repo.replaceImages(tx, id, input.images);
    if (input.customPricing) await setCustomPrices(tx, id, input.customPricing, currency);
    return id;
  });
  return getProperty(db, id);
}

/**
 * Admin: partial update; only the fields sent change. Sending `region` re-resolves the subregion
 * (absent = none); sending only `subregion` looks it up in the current region. `location` follows
 * the region and subregion unless sent. Images sent replace the old list; custom prices are upserted,
 * and the dates in `removeCustomPrices` go back to the base price.
 */
export async function updateProperty(db: Db, id: number, input: UpdateInput): Promise<Property> {
  await db.transaction(async (tx) => {
    const before = await repo.findPropertyRow(tx, id);
    if (!before) throw notFound();
    const values: Partial<repo.PropertyValues> = {};

    if (input.region !== undefined || input.subregion !== undefined) {
      let region = input.region;
      if (region === undefined) {
        const current = await repo.findProperty(tx, id);
        if (!current?.region) throw new ValidationError('Choose a region before the subregion');
        region = current.region;
      }
      const loc = await resolveLocation(tx, { region, subregion: input.subregion });
      values.regionId = loc.regionId;
      values.subregionId = loc.subregionId;
      if (!input.location) values.location = locationText(loc);
    }
    if (input.location) values.location = input.location;

    for (const key of [
      'name',
      'description',
      'bedrooms',
      'maxGuests',
      'siteCurrency',
      'propertyType',
      'available',
    ] as const) {
      if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
    }
    if (input.icalUrl !== undefined) values.icalUrl = input.icalUrl;
    const price = input.basePricePerNight !== undefined ? input.basePricePerNight : input.pricePerNight;
    if (price !== undefined) values.basePricePerNight = priceText(price);
    const currency = input.propertyCurrency ?? input.currency;
    if (currency) values.propertyCurrency = currency;

    const amenityIds = await resolveAmenities(tx, input.amenities, input.amenityIds);
    if (amenityIds) values.amenityIds = amenityIds;

    if (Object.keys(values).length) await repo.updateProperty(tx, id, values);
    if (input.images) await repo.replaceImages(tx, id, input.images);
    // Removed first, so a date removed and set again in the same save keeps its new price.
    if (input.removeCustomPrices?.length) await removeCustomPrices(tx, id, input.removeCustomPrices);
    if (input.customPricing) {
      await setCustomPrices(tx, id, input.customPricing, (currency ?? before.propertyCurrency) as Currency);
    }
  });
  return getProperty(db, id);
}

/**
 * Admin: deletes a property. Its images, per-date prices and availability go with it (cascade);
 * inquiries about it stay with a null propertyId (set null); white-label links drop its id.
 */
export async function deleteProperty(db: Db, id: number, beforeDelete: BeforePropertyDelete): Promise<void> {
  await db.transaction(async (tx) => {
    await beforeDelete(tx, id);
    if (!(await repo.deleteProperty(tx, id))) throw notFound();
  });
}

/**
 * Search for agents and admins: one query in the database (see search.repository). The seed's
 * array by default; a sorted page with its total when the caller pages (`page`, `sort`, `limit` or
 * `offset`), which with no filter pages the whole catalogue.
 */
export async function searchProperties(
  db: Queryable,
  filters: SearchInput,
  index?: SearchIndex,
): Promise<Property[] | PropertyPage> {
  const stay =
    filters.checkIn && filters.checkOut
      ? {
          checkIn: filters.checkIn,
          checkOut: filters.checkOut,
          nights: nightsBetween(filters.checkIn, filters.checkOut),
        }
      : undefined;
  if (stay && stay.nights <= 0) throw new ValidationError('Check-out must be after check-in');
  const params = {
    country: filters.country,
    destination: filters.destination,
    bedrooms: filters.bedrooms,
    maxPrice: filters.maxPrice,
    amenityIds: filters.amenityIds,
    q: filters.q,
    stay,
  };
  if (!wantsPage(filters)) return searchQuery(db, params);
  const page = {
    ...params,
    sort: filters.sort ?? 'featured',
    limit: filters.limit ?? DEFAULT_PAGE_SIZE,
    offset: filters.offset ?? 0,
  };
  // The in-process index decides it when it can: not inside a caller's transaction (it reads the
  // committed catalogue), nor when it cannot decide it exactly (search-index.ts).
  const fromIndex = index && db === index.database ? await index.page(db, page) : undefined;
  return fromIndex ?? searchPropertyPage(db, page);
}

/** What a booking needs to know of a villa: its name (kept as a snapshot) and its capacity. */
export const findBookableProperty = (db: Queryable, id: number) => repo.findBookableProperty(db, id);

/**
 * The trade total of a stay for each of these villas, in each villa's own currency (null = Price on
 * Request), by the dated search's rule. For white-label links, which price their villas by id.
 */
export async function stayTotals(
  db: Queryable,
  ids: number[],
  stay: { checkIn: string; checkOut: string; nights: number },
): Promise<Map<number, number | null>> {
  return repo.stayTotalsByProperty(db, { ids, ...stay });
}

/*
 * Provider syncs (the Invenio adapter) reconcile the villas they bring in: they diff against what
 * they listed before and write only what changed, inside their own transaction, through these.
 */

export type SyncedPropertyValues = repo.SyncedPropertyValues;

/** A villa a provider sync brings in (keyed by provider and its id there). Answers the new id. */
export const insertSyncedProperty = (
  tx: Queryable,
  values: SyncedPropertyValues & { externalProvider: string; externalId: string },
): Promise<number> => repo.insertSyncedProperty(tx, values);

/** The columns of a synced villa the provider changed (its sync time is stamped too). */
export const updateSyncedProperty = (
  tx: Queryable,
  id: number,
  values: Partial<SyncedPropertyValues>,
): Promise<void> => repo.updateSyncedProperty(tx, id, values);

/** A synced villa's images, replaced as a whole in the provider's order, with each photo's provider URL. */
export const replaceSyncedImages = (
  tx: Queryable,
  propertyId: number,
  images: Array<{ url: string; sourceUrl: string | null }>,
): Promise<void> => repo.replaceSyncedImages(tx, propertyId, images);

/** A villa its provider no longer lists: unavailable, never deleted (its inquiries stay). */
export const markPropertyUnavailable = (tx: Queryable, id: number): Promise<void> =>
  repo.markUnavailable(tx, id);
