import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Queryable } from '@villas/db/client';
import { availability, dailyPricing } from '@villas/db/schema';

export { propertyExists } from '../../db/property-exists';

export interface PriceEntry {
  date: string;
  price: number;
  currency: string;
}

/**
 * Creates or replaces the price of each date in one statement (INSERT … ON CONFLICT DO UPDATE):
 * concurrent writers of the same night never fail and leave one row.
 */
export async function upsertPrices(db: Queryable, propertyId: number, entries: PriceEntry[]) {
  if (!entries.length) return [];
  return db
    .insert(dailyPricing)
    .values(entries.map((e) => ({ propertyId, date: e.date, price: String(e.price), currency: e.currency })))
    .onConflictDoUpdate({
      target: [dailyPricing.propertyId, dailyPricing.date],
      set: {
        price: sql`excluded.price`,
        currency: sql`excluded.currency`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

/** Every night of [from, to) at one price, in one statement (generate_series). */
export async function upsertPriceRange(
  db: Queryable,
  params: { propertyId: number; from: string; to: string; price: number; currency: string },
): Promise<void> {
  await db.execute(sql`
    insert into ${dailyPricing} (property_id, date, price, currency)
    select ${params.propertyId}::integer, night::date, ${String(params.price)}::numeric, ${params.currency}::text
    from generate_series(${params.from}::date, ${params.to}::date - 1, interval '1 day') as night
    on conflict (property_id, date) do update
      set price = excluded.price, currency = excluded.currency, updated_at = now()`);
}

/** The night is not blocked by a hold ('hold:{id}'): only the hold itself may change it. */
const notHeld = sql`(${availability.source} is null or ${availability.source} not like 'hold:%')`;

export async function upsertAvailability(
  db: Queryable,
  propertyId: number,
  params: { dates: string[]; available: boolean; notes: string | null },
) {
  if (!params.dates.length) return [];
  return db
    .insert(availability)
    .values(
      params.dates.map((date) => ({ propertyId, date, available: params.available, notes: params.notes })),
    )
    .onConflictDoUpdate({
      target: [availability.propertyId, availability.date],
      // A night set by hand is the admin's from now on: imports never touch it again.
      set: {
        available: sql`excluded.available`,
        notes: sql`excluded.notes`,
        source: sql`null`,
        updatedAt: sql`now()`,
      },
      // A held night stays the hold's: it is left out of the answer, and the service refuses.
      setWhere: notHeld,
    })
    .returning();
}

/** The `availability.source` of a hold's nights. */
export const holdSource = (holdId: number) => `hold:${holdId}`;

/**
 * Blocks each night for the hold in one statement, in date order (so concurrent holds lock rows in
 * the same order and cannot deadlock). A night is taken only when it has no row or an available one
 * (INSERT … ON CONFLICT DO UPDATE … WHERE available): a blocked, imported or held night is left as
 * it is. A concurrent writer of the same night makes this wait for its commit and then re-reads the
 * row, so of two holds racing for a night exactly one gets it. Answers the nights taken.
 */
export async function blockHeldNights(
  db: Queryable,
  p: { propertyId: number; holdId: number; nights: string[] },
): Promise<string[]> {
  if (!p.nights.length) return [];
  const rows = await db
    .insert(availability)
    .values(
      [...p.nights]
        .sort()
        .map((date) => ({ propertyId: p.propertyId, date, available: false, source: holdSource(p.holdId) })),
    )
    .onConflictDoUpdate({
      target: [availability.propertyId, availability.date],
      // The night's notes stay: a released hold gives a hand-set available night back as it was.
      set: { available: false, source: sql`excluded.source`, updatedAt: sql`now()` },
      setWhere: sql`${availability.available} = true`,
    })
    .returning({ date: availability.date });
  return rows.map((r) => r.date);
}

/**
 * Frees a hold's nights: rows it created go, rows that were hand-set available with notes before the
 * hold are set available again. Only rows with this hold's source are touched. Answers the nights.
 */
export async function freeHeldNights(
  db: Queryable,
  p: { propertyId: number; holdId: number },
): Promise<string[]> {
  const mine = and(eq(availability.propertyId, p.propertyId), eq(availability.source, holdSource(p.holdId)));
  const restored = await db
    .update(availability)
    .set({ available: true, source: null, updatedAt: sql`now()` })
    .where(and(mine, isNotNull(availability.notes)))
    .returning({ date: availability.date });
  const deleted = await db.delete(availability).where(mine).returning({ date: availability.date });
  return [...restored, ...deleted].map((r) => r.date).sort();
}

/**
 * Nights an iCal feed still lists when a hold gives them up are blocked for that feed again (the
 * import skipped them while they were held). Nights another writer took meanwhile are left alone.
 */
export async function handNightsToFeeds(
  db: Queryable,
  p: { propertyId: number; nights: Array<{ date: string; source: string }> },
): Promise<void> {
  if (!p.nights.length) return;
  await db
    .insert(availability)
    .values(
      p.nights.map((n) => ({ propertyId: p.propertyId, date: n.date, available: false, source: n.source })),
    )
    .onConflictDoNothing();
}

/** A confirmed hold's nights become hand-set blocked nights with a note (source null). */
export async function confirmHeldNights(
  db: Queryable,
  p: { propertyId: number; holdId: number; notes: string },
): Promise<number> {
  const rows = await db
    .update(availability)
    .set({ source: null, notes: p.notes, updatedAt: sql`now()` })
    .where(and(eq(availability.propertyId, p.propertyId), eq(availability.source, holdSource(p.holdId))))
    .returning({ id: availability.id });
  return rows.length;
}

/** Nights of a property blocked by one import source ('ical:{feedId}'). */
export async function listSourceNights(db: Queryable, params: { propertyId: number; source: string }) {
  const rows = await db
    .select({ date: availability.date })
    .from(availability)
    .where(and(eq(availability.propertyId, params.propertyId), eq(availability.source, params.source)));
  return rows.map((r) => r.date);
}

/**
 * Imported blocks: each night becomes blocked with this source unless the night was set by hand
 * to blocked (hand-set nights win) or is held (a released hold hands the night back to its feed).
 * Answers the nights written.
 */
export async function blockImportedNights(
  db: Queryable,
  params: { propertyId: number; source: string; nights: Array<{ date: string; note: string | null }> },
): Promise<number> {
  if (!params.nights.length) return 0;
  const rows = await db
    .insert(availability)
    .values(
      params.nights.map((n) => ({
        propertyId: params.propertyId,
        date: n.date,
        available: false,
        notes: n.note,
        source: params.source,
      })),
    )
    .onConflictDoUpdate({
      target: [availability.propertyId, availability.date],
      set: {
        available: false,
        notes: sql`excluded.notes`,
        source: sql`excluded.source`,
        updatedAt: sql`now()`,
      },
      // Imported nights and available nights are taken; hand-set blocked and held nights are not.
      setWhere: sql`(${availability.source} like 'ical:%' or (${availability.source} is null and ${availability.available} = true))`,
    })
    .returning({ id: availability.id });
  return rows.length;
}

/** Imported nights no longer in their feed: released (row removed), or handed to another source. */
export async function releaseImportedNights(
  db: Queryable,
  params: { propertyId: number; source: string; dates: string[]; handOver?: Map<string, string> },
): Promise<number> {
  if (!params.dates.length) return 0;
  const drop = params.dates.filter((d) => !params.handOver?.has(d));
  let released = 0;
  if (drop.length) {
    const rows = await db
      .delete(availability)
      .where(
        and(
          eq(availability.propertyId, params.propertyId),
          eq(availability.source, params.source),
          inArray(availability.date, drop),
        ),
      )
      .returning({ id: availability.id });
    released = rows.length;
  }
  for (const [date, source] of params.handOver ?? []) {
    if (!params.dates.includes(date)) continue;
    await db
      .update(availability)
      .set({ source, updatedAt: sql`now()` })
      .where(
        and(
          eq(availability.propertyId, params.propertyId),
          eq(availability.source, params.source),
          eq(availability.date, date),
        ),
      );
  }
  return released;
}

/** Nights blocked by hand (not imported) from `from` on: what the export feed publishes. */
export async function listManualBlockedNights(db: Queryable, params: { propertyId: number; from: string }) {
  const rows = await db
    .select({ date: availability.date, notes: availability.notes })
    .from(availability)
    .where(
      and(
        eq(availability.propertyId, params.propertyId),
        eq(availability.available, false),
        isNull(availability.source),
        gte(availability.date, params.from),
      ),
    )
    .orderBy(asc(availability.date));
  return rows;
}

/** A property's dates [startDate, endDate] (both included). */
interface DateRange {
  propertyId: number;
  startDate: string;
  endDate: string;
}

/** These columns of a per-date table's rows (availability, daily_pricing) of a property's dates, by date. */
async function listDated<T extends typeof availability | typeof dailyPricing, F extends SelectedFields>(
  db: Queryable,
  table: T,
  fields: F,
  range: DateRange,
): Promise<SelectResultFields<F>[]> {
  const rows = await db
    .select(fields)
    // Either table: drizzle types `from` for one; the columns read are the two tables' common ones.
    .from(table as typeof availability)
    .where(
      and(
        eq(table.propertyId, range.propertyId),
        gte(table.date, range.startDate),
        lte(table.date, range.endDate),
      ),
    )
    .orderBy(asc(table.date));
  return rows as SelectResultFields<F>[];
}

export function listAvailability(db: Queryable, range: DateRange) {
  const { id, date, available, notes } = availability;
  return listDated(db, availability, { id, date, available, notes }, range);
}

export function listPrices(db: Queryable, range: DateRange) {
  const { id, date, price, currency } = dailyPricing;
  return listDated(db, dailyPricing, { id, date, price, currency }, range);
}

/**
 * Removes the property's own prices on these dates (the admin dialog's removed custom prices): the
 * nights go back to the base price. Answers how many were removed.
 */
export async function deleteCustomPrices(
  db: Queryable,
  propertyId: number,
  dates: string[],
): Promise<number> {
  if (!dates.length) return 0;
  const rows = await db
    .delete(dailyPricing)
    .where(and(eq(dailyPricing.propertyId, propertyId), inArray(dailyPricing.date, [...new Set(dates)])))
    .returning({ id: dailyPricing.id });
  return rows.length;
}
