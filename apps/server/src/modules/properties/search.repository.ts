import {
  foldForSearch,
  LIMITS,
  truncateDescription,
  type Property,
  type PropertyCard,
  type PropertyPage,
  type PropertySort,
} from '@villas/shared';
import { and, arrayContains, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
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
  /** Words that must all occur in the name, location, region or subregion (case and accents ignored). */
  q?: string;
  /** A dated search: the nights [checkIn, checkOut). */
  stay?: { checkIn: string; checkOut: string; nights: number };
  limit?: number;
  offset?: number;
  /** A page answer: sorted (default 'featured') and counted with `count(*) over ()`. */
  sort?: PropertySort;
  /** Adds the `total` column: every row that matches, whatever the limit and offset. */
  withTotal?: boolean;
}

/** The rate of a currency (a SQL expression) to EUR: 1 for EUR, else the stored X→EUR rate. */
const rateToEurOf = (currency: SQL) =>
  sql`case when ${currency} = 'EUR' then 1::numeric else (
    select er2.rate from exchange_rates er2 where er2.from_currency = ${currency} and er2.to_currency = 'EUR'
  ) end`;

// Accented letters → plain ones, the SQL side of `foldForSearch` (letters that do not decompose left out).
const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįñńňòóôõöōőŕřśšşťùúûüūůűųýÿźżž';
const PLAIN = ACCENTED.normalize('NFD').replace(/\p{Diacritic}/gu, '');
if (PLAIN.length !== ACCENTED.length) throw new Error('search: accent table out of step');

/** Text folded in SQL like `foldForSearch`: lower case, accents dropped, curly apostrophes straight. */
const foldSql = (text: SQL) =>
  sql`translate(lower(${text}), ${ACCENTED + '\u2018\u2019\u02bc`\u00b4'}, ${PLAIN + "'''''"})`;

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
  const words = params.q ? foldForSearch(params.q).split(' ').filter(Boolean) : [];
  if (words.length) {
    const haystack = foldSql(
      sql`concat_ws(' ', ${properties.name}, ${properties.location}, ${regions.name}, ${subregions.name})`,
    );
    for (const word of words) {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`${haystack} like ${pattern}`);
    }
  }

  const stay = params.stay;
  let totalCost: SQL = sql`null::numeric`;
  let totalCostEur: SQL = sql`null::numeric`;
  // The weekly figure in EUR the budget filter compares, the price sorts order by and the answer's
  // `weeklyPriceEur` shows: base × 7 without dates, the stay's own total ÷ nights × 7 with them.
  let weeklyEur: SQL = sql`round(${basePrice} * 7 * ${rateToEurSql}, 2)`;
  if (stay) {
    const nights = sql`${stay.nights}::integer`;
    // The stay's total in the property's currency: per-date prices where set, base price elsewhere;
    // null when a night has no price (Price on Request) or a per-date price cannot be converted.
    totalCost = sql`case
        when stay.converted_nights < stay.priced_nights then null
        when stay.priced_nights < ${nights} and ${basePrice} is null then null
        else coalesce(stay.priced_total, 0) + (${nights} - stay.priced_nights) * coalesce(${basePrice}, 0)
      end`;
    totalCostEur = sql`round(${totalCost} * ${rateToEurSql}, 2)`;
    // weekly = total ÷ nights × 7, in EUR, at cent precision like the weekly price shown.
    weeklyEur = sql`round(${totalCost} * ${rateToEurSql} * 7 / ${nights}, 2)`;

    where.push(eq(properties.available, true));
    where.push(sql`not exists (
      select 1 from availability blocked
      where blocked.property_id = ${properties.id} and blocked.available = false
        and blocked.date >= ${stay.checkIn}::date and blocked.date < ${stay.checkOut}::date
    )`);
  }
  if (params.maxPrice != null) where.push(sql`${weeklyEur} <= ${params.maxPrice}::numeric`);

  const q = selectProperties(db, {
    totalCost: sql<string | null>`${totalCost}`.as('total_cost'),
    totalCostEur: sql<string | null>`${totalCostEur}`.as('total_cost_eur'),
    weeklyEur: sql<string | null>`${weeklyEur}`.as('weekly_eur'),
    total: (params.withTotal ? sql<number>`(count(*) over ())::integer` : sql<null>`null`).as('total'),
  });
  if (stay) q.leftJoinLateral(stayPrices(stay), sql`true`);
  if (where.length) q.where(and(...where));
  q.orderBy(...orderOf(params.sort, weeklyEur));
  if (params.limit) q.limit(params.limit);
  if (params.offset) q.offset(params.offset);
  return q;
}

/** The ORDER BY of a sort; always ends with the id, so equal keys keep one order across pages. */
function orderOf(sort: PropertySort | undefined, weeklyEur: SQL): SQL[] {
  switch (sort) {
    case undefined:
      return [asc(properties.id)];
    case 'featured':
      return [desc(properties.featured), asc(properties.name), asc(properties.id)];
    // Price on Request (no weekly figure) last in both directions.
    case 'price-asc':
      return [sql`${weeklyEur} asc nulls last`, asc(properties.id)];
    case 'price-desc':
      return [sql`${weeklyEur} desc nulls last`, asc(properties.id)];
    case 'bedrooms':
      return [desc(properties.bedrooms), asc(properties.id)];
  }
}

type SearchRow = Awaited<ReturnType<typeof buildSearchQuery>>[number];

function toResult(row: SearchRow, stay: SearchParams['stay']): Property {
  const p = toProperty(row as PropertyRow);
  if (!stay) return p;
  return {
    ...p,
    weeklyPriceEur: num(row.weeklyEur),
    totalNights: stay.nights,
    totalCost: num(row.totalCost),
    totalCostEur: num(row.totalCostEur),
  };
}

export async function searchProperties(db: Queryable, params: SearchParams): Promise<Property[]> {
  const rows = await buildSearchQuery(db, params);
  return rows.map((row) => toResult(row, params.stay));
}

/** A card: the property without its long description (an excerpt instead) and the card's images. */
const toCard = ({ description, ...p }: Property): PropertyCard => ({
  ...p,
  images: p.images.slice(0, LIMITS.cardImages),
  excerpt: truncateDescription(description),
});

/** One sorted page of a search, with the number of matches counted in the same statement. */
export async function searchPropertyPage(
  db: Queryable,
  params: SearchParams & { sort: PropertySort; limit: number; offset: number },
): Promise<PropertyPage> {
  const rows = await buildSearchQuery(db, { ...params, withTotal: true });
  let total = rows[0]?.total ?? 0;
  // Past the last match there is no row to carry the count: count without the page.
  if (!rows.length && params.offset > 0) {
    const [first] = await buildSearchQuery(db, { ...params, limit: 1, offset: 0, withTotal: true });
    total = first?.total ?? 0;
  }
  return {
    items: rows.map((row) => toCard(toResult(row, params.stay))),
    total: Number(total),
    limit: params.limit,
    offset: params.offset,
  };
}
