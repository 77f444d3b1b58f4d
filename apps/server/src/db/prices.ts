import { MONEY_DECIMALS, NIGHTS_PER_WEEK } from '@villas/shared';
import { sql, type SQL } from 'drizzle-orm';
import { exchangeRates, properties } from '@villas/db/schema';

/*
 * The catalogue's prices in EUR as SQL, shared by every repository that shows, filters or sorts by
 * them (search, a property's page, white-label links, the admin list and overview), so a price is
 * converted and rounded one way everywhere. They read `exchange_rates` joined on the property's
 * currency to EUR; a property without a stored rate has no EUR price rather than a guessed one.
 * The weekly rule and its constants are @villas/shared's (`weeklyEurCents`, domain/weekly-price.ts):
 * these expressions are that rule in SQL, checked against it by weekly-price.property.test.ts.
 */

const week = sql.raw(String(NIGHTS_PER_WEEK));
const decimals = sql.raw(String(MONEY_DECIMALS));

/** 1 for EUR, else the property currency's rate to EUR (null when no rate is stored). */
export const rateToEurSql = sql<string>`case when ${properties.propertyCurrency} = 'EUR' then 1 else ${exchangeRates.rate} end`;

/** The nightly base price in the property's currency; null for 'Price on Request' (no price, or 0). */
export const basePriceSql = sql<string | null>`nullif(${properties.basePricePerNight}, 0)`;

/** An amount converted (× rate, or × rate ÷ divisor), rounded to cents once (`totalEurCents`). */
export const roundedMoneySql = (amount: SQL, rate: SQL, divisor?: SQL) =>
  divisor
    ? sql<string | null>`round(${amount} * ${rate} / ${divisor}, ${decimals})`
    : sql<string | null>`round(${amount} * ${rate}, ${decimals})`;

/** The rate of a currency (a SQL expression) to EUR: 1 for EUR, else the stored X→EUR rate (null when none). */
export const currencyRateToEurSql = (currency: SQL) =>
  sql`case when ${currency} = 'EUR' then 1::numeric else (
    select er2.rate from exchange_rates er2 where er2.from_currency = ${currency} and er2.to_currency = 'EUR'
  ) end`;

/**
 * A night's own price in the property's currency (`convertedNightCents`): as stored when it is in
 * that currency, else converted through EUR (× its rate ÷ the property's `propertyRate`) and rounded
 * to cents; null when a rate is missing.
 */
export const nightPriceSql = (price: SQL, currency: SQL, propertyRate: SQL) =>
  sql`case when ${currency} = ${properties.propertyCurrency} then ${price}
    else ${roundedMoneySql(price, currencyRateToEurSql(currency), propertyRate)} end`;

/** A nightly price converted to EUR, rounded to cents. */
export const nightlyEurSql = (nightly: SQL, rate: SQL) => roundedMoneySql(nightly, rate);

/**
 * The weekly price in EUR (`weeklyEurCents`): a stay's total × rate × 7 ÷ its nights, rounded to cents
 * once; without `nights`, a stay without dates: the nightly price × 7, converted.
 */
export const weeklyEurSql = (total: SQL, rate: SQL, nights?: SQL) =>
  nights
    ? sql<string | null>`round(${total} * ${rate} * ${week} / ${nights}, ${decimals})`
    : sql<string | null>`round(${total} * ${week} * ${rate}, ${decimals})`;
