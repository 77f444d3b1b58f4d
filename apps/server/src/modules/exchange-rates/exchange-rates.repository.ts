import { asc, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { exchangeRates } from '@villas/db/schema';

export async function listRates(db: Queryable) {
  return db
    .select()
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.fromCurrency), asc(exchangeRates.toCurrency));
}

export async function upsertRate(
  db: Queryable,
  params: { fromCurrency: string; toCurrency: string; rate: number },
) {
  const [row] = await db
    .insert(exchangeRates)
    .values({ ...params, rate: String(params.rate) })
    .onConflictDoUpdate({
      target: [exchangeRates.fromCurrency, exchangeRates.toCurrency],
      set: { rate: sql`excluded.rate`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
