import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Regions are countries ('country' in search), subregions are destinations. */
export const regions = pgTable(
  'regions',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regions_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const subregions = pgTable(
  'subregions',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subregions_region_name_lower_unique').on(t.regionId, sql`lower(${t.name})`)],
);

export const amenityCategories = pgTable('amenity_categories', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  sortOrder: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const amenities = pgTable('amenities', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  categoryId: integer().references(() => amenityCategories.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money is numeric(12,2): exact, never a binary float. A null or zero base price is 'Price on Request'.
 * Deleting a region or subregion that still has properties is refused (restrict): the admin moves or
 * deletes the properties first, so no villa silently loses its destination.
 */
export const properties = pgTable(
  'properties',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    regionId: integer().references(() => regions.id, { onDelete: 'restrict' }),
    subregionId: integer().references(() => subregions.id, { onDelete: 'restrict' }),
    description: text().notNull(),
    bedrooms: integer().notNull().default(1),
    maxGuests: integer().notNull().default(2),
    basePricePerNight: numeric({ precision: 12, scale: 2 }),
    propertyCurrency: text().notNull().default('EUR'),
    siteCurrency: text().notNull().default('EUR'),
    propertyType: text({ enum: ['villa', 'chalet', 'private-island'] })
      .notNull()
      .default('villa'),
    amenityIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    available: boolean().notNull().default(true),
    /** Shown in the landing page's showcase (public). */
    featured: boolean().notNull().default(false),
    location: text().notNull().default(''),
    externalId: text(),
    externalProvider: text(),
    icalUrl: text(),
    lastSyncDate: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('properties_region_idx').on(t.regionId),
    index('properties_subregion_idx').on(t.subregionId),
    index('properties_bedrooms_idx').on(t.bedrooms),
    index('properties_amenity_ids_gin').using('gin', t.amenityIds),
    // The search's default order (featured first, then by name; the id keeps it stable): an undated
    // page reads its first rows from here instead of sorting every villa.
    index('properties_featured_order_idx').on(t.featured.desc().nullsFirst(), t.name, t.id),
    uniqueIndex('properties_external_unique').on(t.externalProvider, t.externalId),
  ],
);

export const propertyImages = pgTable(
  'property_images',
  {
    id: serial().primaryKey(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    filename: text(),
    /**
     * The provider's URL a synced photo was downloaded from (`url` is then our stored copy); null for
     * images an admin added. A sync compares it with the provider's list, so it downloads new photos only.
     */
    sourceUrl: text(),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_images_property_idx').on(t.propertyId, t.sortOrder)],
);

/** One price per property and night (merges the original daily_pricing and property_pricing). */
export const dailyPricing = pgTable(
  'daily_pricing',
  {
    id: serial().primaryKey(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    price: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: text().notNull().default('EUR'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('daily_pricing_property_date_unique').on(t.propertyId, t.date)],
);

/** One availability flag per property and night (merges availability and property_availability). */
export const availability = pgTable(
  'availability',
  {
    id: serial().primaryKey(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    available: boolean().notNull().default(true),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** null = set by hand; 'ical:{feedId}' = imported (an import never touches hand-set nights). */
    source: text(),
  },
  (t) => [
    unique('availability_property_date_unique').on(t.propertyId, t.date),
    index('availability_blocked_idx')
      .on(t.propertyId, t.date)
      .where(sql`${t.available} = false`),
  ],
);

/**
 * Running (prefix) sums of each property's nightly calendar, so a dated search prices a stay and
 * finds its blocked nights with two index lookups per villa whatever the stay's length
 * (docs/perf/search-plans.md). They are written only by the triggers of migration 0009_stay_sums, in
 * the same statement as any change to `daily_pricing`, `availability` or a property's currency, so no
 * writer can forget them; nothing in the app writes them. No foreign keys: the triggers remove a
 * deleted property's rows with its calendar (a key check per row would double a price write's cost).
 *
 * A property's span is its first to last night that has a price of its own or is blocked. Per
 * night: `price` is the sum of the prices set in the property's own currency, `priced` counts nights
 * with a price of their own, `foreign_priced` those priced in another currency (the search converts
 * those nights one by one), `blocked` the unavailable nights. `stay_spans` holds each span's totals.
 */
export const staySpans = pgTable('stay_spans', {
  propertyId: integer().primaryKey(),
  firstNight: date({ mode: 'string' }).notNull(),
  lastNight: date({ mode: 'string' }).notNull(),
  price: numeric({ precision: 18, scale: 2 }).notNull(),
  priced: integer().notNull(),
  foreignPriced: integer().notNull(),
  blocked: integer().notNull(),
});

/**
 * See `staySpans`: one row per property and date d with first_night < d <= last_night, holding the
 * totals over the nights before d (before the span they are 0, after it the span's totals). Its one
 * index, by (date, property_id), is created by the migration with INCLUDE (price, priced,
 * foreign_priced, blocked): a search reads a date's row of every villa from the index alone.
 */
export const staySums = pgTable(
  'stay_sums',
  {
    propertyId: integer().notNull(),
    date: date({ mode: 'string' }).notNull(),
    price: numeric({ precision: 18, scale: 2 }).notNull(),
    priced: integer().notNull(),
    foreignPriced: integer().notNull(),
    blocked: integer().notNull(),
  },
  (t) => [uniqueIndex('stay_sums_date_property_unique').on(t.date, t.propertyId)],
);

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial().primaryKey(),
    fromCurrency: text().notNull(),
    toCurrency: text().notNull(),
    rate: numeric({ precision: 18, scale: 8 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('exchange_rates_pair_unique').on(t.fromCurrency, t.toCurrency)],
);

/** PostgreSQL's 64-bit transaction id (`xid8`): compared and tested against snapshots, kept as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * What changed for search, written by triggers (migration 0014_search_changes) in the writer's own
 * transaction: a property whose stay sums or span changed, or null for a change that can touch every
 * villa (a property's columns or images, amenity names, stay rules, exchange rates, countries,
 * destinations). The in-process search index (modules/properties/search-index.ts) reads the rows its
 * snapshot did not see, by transaction id, and checks every answer against them. Rows older than a
 * day are deleted.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    xid: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    propertyId: integer(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_changes_xid_idx').on(t.xid), index('search_changes_at_idx').on(t.at)],
);
