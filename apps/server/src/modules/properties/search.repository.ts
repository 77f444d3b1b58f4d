import type { Property } from '@villas/shared';
import { and, arrayContains, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { properties, regions, subregions } from '../../db/schema';
import { num } from '../../lib/time';
import { rateToEurSql, selectProperties, toProperty, type PropertyRow } from './properties.repository';

export interface SearchParams {
  country?: string;
  destination?: string;
  bedrooms?: number;
  /** The most per week, in EUR. */
  maxPrice?: number;
  amenityIds?: number[];
  /** A dated search: the nights [checkIn, checkOut). */
  stay?: { checkIn: string; checkOut: string; nights: number };
  limit?: number;
  offset?: number;
}

/** The rate of a currency (a SQL expression) to EUR: 1 for EUR, else the stored X→EUR rate. */
const rateToEurOf = (currency: SQL) =>
  sql`case when ${currency} = 'EUR' then 1::numeric else (
    select er2.rate from exchange_rates er2 where er2.from_currency = ${currency} and er2.to_currency = 'EUR'
  ) end`;

/** A base price of 0 means 'Price on Request', like no price at all. */
const basePrice = sql`nullif(${properties.basePricePerNight}, 0)`;

/**
 * The stay's per-date prices as one lateral row per property, from the (property_id, date) unique
 * index: how many nights have their own price, how many of those convert into the property's
 * currency, and their sum in the property's currency (each converted night rounded to cents).
 */
function stayPrices(stay: { checkIn: string; checkOut: string }) {
  return sql`(
    select count(*)::integer as priced_nights,
      count(stay_price.converted)::integer as converted_nights,
      sum(stay_price.converted) as priced_total
    from (
      select case when dp.currency = ${properties.propertyCurrency} then dp.price
        else round(dp.price * ${rateToEurOf(sql`dp.currency`)} / ${rateToEurSql}, 2) end as converted
      from daily_pricing dp
      where dp.property_id = ${properties.id}
        and dp.date >= ${stay.checkIn}::date and dp.date < ${stay.checkOut}::date
    ) stay_price
  ) stay`;
}

/**
 * The search query, evaluated in the database as ONE statement (DESIGN §6). Filters are bound
 * parameters; the amenity filter uses the GIN index (`amenity_ids @> …`), the blocked-night test the
 * partial index on unavailable rows, the stay's prices the (property_id, date) unique index. Ordered
 * by id (stable). Exported so the bench can EXPLAIN it.
 */
export function buildSearchQuery(db: Queryable, params: SearchParams) {
  const where: SQL[] = [];
  if (params.country) where.push(sql`lower(${regions.name}) = lower(${params.country})`);
  if (params.destination) where.push(sql`lower(${subregions.name}) = lower(${params.destination})`);
  if (params.bedrooms) where.push(gte(properties.bedrooms, params.bedrooms));
  if (params.amenityIds?.length) where.push(arrayContains(properties.amenityIds, params.amenityIds));

  const stay = params.stay;
  let totalCost: SQL = sql`null::numeric`;
  let totalCostEur: SQL = sql`null::numeric`;
  if (!stay) {
    if (params.maxPrice != null) {
      where.push(sql`round(${basePrice} * 7 * ${rateToEurSql}, 2) <= ${params.maxPrice}::numeric`);
    }
  } else {
    const nights = sql`${stay.nights}::integer`;
    // The stay's total in the property's currency: per-date prices where set, base price elsewhere;
    // null when a night has no price (Price on Request) or a per-date price cannot be converted.
    totalCost = sql`case
        when stay.converted_nights < stay.priced_nights then null
        when stay.priced_nights < ${nights} and ${basePrice} is null then null
        else coalesce(stay.priced_total, 0) + (${nights} - stay.priced_nights) * coalesce(${basePrice}, 0)
      end`;
    totalCostEur = sql`round(${totalCost} * ${rateToEurSql}, 2)`;

    where.push(eq(properties.available, true));
    where.push(sql`not exists (
      select 1 from availability blocked
      where blocked.property_id = ${properties.id} and blocked.available = false
        and blocked.date >= ${stay.checkIn}::date and blocked.date < ${stay.checkOut}::date
    )`);
    if (params.maxPrice != null) {
      // weekly = total ÷ nights × 7, in EUR, compared at cent precision like the weekly price shown.
      where.push(
        sql`round(${totalCost} * ${rateToEurSql} * 7 / ${nights}, 2) <= ${params.maxPrice}::numeric`,
      );
    }
  }

  const q = selectProperties(db, {
    totalCost: sql<string | null>`${totalCost}`.as('total_cost'),
    totalCostEur: sql<string | null>`${totalCostEur}`.as('total_cost_eur'),
  });
  if (stay) q.leftJoinLateral(stayPrices(stay), sql`true`);
  if (where.length) q.where(and(...where));
  q.orderBy(asc(properties.id));
  if (params.limit) q.limit(params.limit);
  if (params.offset) q.offset(params.offset);
  return q;
}

export async function searchProperties(db: Queryable, params: SearchParams): Promise<Property[]> {
  const rows = await buildSearchQuery(db, params);
  const stay = params.stay;
  if (!stay) return rows.map((row) => toProperty(row as PropertyRow));
  return rows.map((row) => ({
    ...toProperty(row as PropertyRow),
    totalNights: stay.nights,
    totalCost: num(row.totalCost),
    totalCostEur: num(row.totalCostEur),
  }));
}
