// Test data helpers shared by the catalogue tests (only imported from *.test.ts files).
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@villas/db/client';
import { amenities, availability, dailyPricing, exchangeRates } from '@villas/db/schema';

let seq = 0;
/** A name no other test in the run uses. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Amenity rows for these names (created when missing): name → id. */
export async function ensureAmenities(db: Db, names: string[]): Promise<Record<string, number>> {
  await db
    .insert(amenities)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(amenities).where(inArray(amenities.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** X→EUR rates for the test (1 X = rate EUR). */
export async function setRatesToEur(db: Db, rates: Record<string, number>): Promise<void> {
  for (const [from, rate] of Object.entries(rates)) {
    await db
      .insert(exchangeRates)
      .values({ fromCurrency: from, toCurrency: 'EUR', rate: String(rate) })
      .onConflictDoUpdate({
        target: [exchangeRates.fromCurrency, exchangeRates.toCurrency],
        set: { rate: sql`excluded.rate` },
      });
  }
}

export async function block(db: Db, propertyId: number, dates: string[], available = false): Promise<void> {
  await db.insert(availability).values(dates.map((date) => ({ propertyId, date, available })));
}

export async function price(db: Db, propertyId: number, dates: string[], amount: number, currency = 'EUR') {
  await db
    .insert(dailyPricing)
    .values(dates.map((date) => ({ propertyId, date, price: String(amount), currency })));
}
