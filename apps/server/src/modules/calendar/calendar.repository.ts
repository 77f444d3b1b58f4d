import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { availability, dailyPricing, properties } from '../../db/schema';

export async function propertyExists(db: Queryable, propertyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return row != null;
}

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
      set: { available: sql`excluded.available`, notes: sql`excluded.notes`, updatedAt: sql`now()` },
    })
    .returning();
}

export async function listAvailability(
  db: Queryable,
  params: { propertyId: number; startDate: string; endDate: string },
) {
  return db
    .select({
      id: availability.id,
      date: availability.date,
      available: availability.available,
      notes: availability.notes,
    })
    .from(availability)
    .where(
      and(
        eq(availability.propertyId, params.propertyId),
        gte(availability.date, params.startDate),
        lte(availability.date, params.endDate),
      ),
    )
    .orderBy(asc(availability.date));
}

export async function listPrices(
  db: Queryable,
  params: { propertyId: number; startDate: string; endDate: string },
) {
  return db
    .select({
      id: dailyPricing.id,
      date: dailyPricing.date,
      price: dailyPricing.price,
      currency: dailyPricing.currency,
    })
    .from(dailyPricing)
    .where(
      and(
        eq(dailyPricing.propertyId, params.propertyId),
        gte(dailyPricing.date, params.startDate),
        lte(dailyPricing.date, params.endDate),
      ),
    )
    .orderBy(asc(dailyPricing.date));
}
