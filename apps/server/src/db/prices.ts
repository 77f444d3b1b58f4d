import { sql, type SQL } from 'drizzle-orm';
import { exchangeRates, properties } from './schema';

/*
 * The catalogue's prices in EUR as SQL, shared by every repository that shows, filters or sorts by
 * them (search, a property's page, white-label links, the admin list and overview), so a price is
 * converted and rounded one way everywhere. They read `exchange_rates` joined on the property's
 * currency to EUR; a property without a stored rate has no EUR price rather than a guessed one.
 */

/** 1 for EUR, else the property currency's rate to EUR (null when no rate is stored). */
export const rateToEurSql = sql<string>`case when ${properties.propertyCurrency} = 'EUR' then 1 else ${exchangeRates.rate} end`;

/** The nightly base price in the property's currency; null for 'Price on Request' (no price, or 0). */
export const basePriceSql = sql<string | null>`nullif(${properties.basePricePerNight}, 0)`;

/** A nightly price converted to EUR, rounded to cents. */
export const nightlyEurSql = (nightly: SQL, rate: SQL) => sql<string | null>`round(${nightly} * ${rate}, 2)`;

/** The weekly price in EUR of a stay without dates: nightly × 7, converted, rounded to cents once. */
export const weeklyEurSql = (nightly: SQL, rate: SQL) =>
  sql<string | null>`round(${nightly} * 7 * ${rate}, 2)`;
