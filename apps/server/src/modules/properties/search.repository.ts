import {
  foldForSearch,
  isoWeekday,
  LIMITS,
  truncateDescription,
  type Property,
  type PropertyCard,
  type PropertyPage,
  type PropertySort,
} from '@villas/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from '@villas/db/client';
import { exchangeRates, properties, regions, searchChanges, stayRules, subregions } from '@villas/db/schema';
import { changedSince } from './search-index.repository';
import { pageOf } from '../../lib/paging';
import { num } from '../../lib/time';
import { basePriceSql, nightPriceSql, rateToEurSql, roundedMoneySql, weeklyEurSql } from '../../db/prices';
import { selectProperties, toProperty, type PropertyRow } from './properties.repository';

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
  /** Only these villas (the page the search index chose), with their stay figures and cards. */
  ids?: number[];
  /**
   * With `ids`: adds the `stale` column, true when a change the search index did not see at this
   * snapshot (its text form) is visible to the statement (search-index.ts, `changedSince`).
   */
  staleSince?: string;
}

// Accented letters → plain ones, the SQL side of `foldForSearch` (letters that do not decompose left out).
const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįñńňòóôõöōőŕřśšşťùúûüūůűųýÿźżž';
const PLAIN = ACCENTED.normalize('NFD').replace(/\p{Diacritic}/gu, '');
if (PLAIN.length !== ACCENTED.length) throw new Error('search: accent table out of step');

/** Text folded in SQL like `foldForSearch`: lower case, accents dropped, curly apostrophes straight. */
const foldSql = (text: SQL) =>
  sql`translate(lower(${text}), ${ACCENTED + '\u2018\u2019\u02bc`\u00b4'}, ${PLAIN + "'''''"})`;

/** A base price of 0 means 'Price on Request', like no price at all. */
const basePrice = basePriceSql;

type StayColumn = 'price' | 'priced' | 'foreign_priced' | 'blocked';
/**
 * The totals of the nights before `date` from the running sums (migration 0009_stay_sums): none
 * before the calendar's span, the span's totals after it, the row of that date inside it.
 */
const sumAt = (date: SQL, row: 'a' | 'b', column: StayColumn) =>
  sql`case when ${date} <= sp.first_night then 0
      when ${date} > sp.last_night then ${sql.raw(`sp.${column}`)} else ${sql.raw(`${row}.${column}`)} end`;

/**
 * A stay's figures per villa: nights with a price of their own (`pricedNights`), how many of them
 * are priced in another currency (`foreignPricedNights`), the sum of the others (`price`, in the
 * property's currency) and the blocked nights. Each is the check-out date's running sum minus the
 * check-in date's: two rows of the covering index (date, property_id) per villa, whatever the stay's
 * length, joined straight to the properties so the planner can start from the villas a filter keeps.
 * More per-villa stay figures join here (the check-in date's row is `a`, the check-out date's `b`).
 */
function stayFigures(stay: StayBinds) {
  const diff = (column: StayColumn) =>
    sql`(coalesce(${sumAt(stay.checkOut, 'b', column)}, 0) - coalesce(${sumAt(stay.checkIn, 'a', column)}, 0))`;
  return {
    join: sql`left join stay_spans sp on sp.property_id = ${properties.id}
      left join stay_sums a on a.date = ${stay.checkIn} and a.property_id = ${properties.id}
      left join stay_sums b on b.date = ${stay.checkOut} and b.property_id = ${properties.id}`,
    pricedNights: diff('priced'),
    foreignPricedNights: diff('foreign_priced'),
    price: diff('price'),
    blockedNights: diff('blocked'),
  };
}

/**
 * The stay's own prices when some are in another currency than the property's: each such night
 * converted through EUR and rounded to cents, as the calendar stores them; null when a night's
 * currency has no rate. Only evaluated for villas that have such nights.
 */
function convertedStayPrices(stay: StayBinds) {
  return sql`(
    select case when count(stay_price.converted) < count(*) then null else sum(stay_price.converted) end
    from (
      select ${nightPriceSql(sql`dp.price`, sql`dp.currency`, rateToEurSql)} as converted
      from daily_pricing dp
      where dp.property_id = ${properties.id}
        and dp.date >= ${stay.checkIn} and dp.date < ${stay.checkOut}
    ) stay_price
  )`;
}

/**
 * The villa has no stay rule that the stay breaks: none whose period (both days
 * included) holds the check-in date and asks for more nights or another check-in weekday; the
 * check-in's ISO weekday is a parameter. Written as `not in` (stay_rules.property_id is never null),
 * PostgreSQL reads the broken rules once into a hash and checks each villa against it ("hashed
 * SubPlan"), before the stay's joins. As `not exists` it probed the rules' index once per villa after
 * them: the all-country dated search took 46 ms instead of 35 (10,000 villas, 6,666 rules; a
 * country's search 10.8 → 10.5 ms).
 */
function keepsStayRules(stay: StayBinds) {
  return sql`${properties.id} not in (
    select sr.property_id from ${stayRules} sr
    where sr.start_date <= ${stay.checkIn} and sr.end_date >= ${stay.checkIn}
      and (sr.min_nights > ${stay.nights}
        or not (${stay.weekday} = any(coalesce(sr.check_in_days, '{1,2,3,4,5,6,7}'::smallint[]))))
  )`;
}

/**
 * Which parts a search's statement has: the filters given, the number of words, dated or not, the
 * sort and the paging. Two searches of one shape share one SQL text, whatever their values, so the
 * statement is built and prepared once per shape (`runSearch`).
 */
interface SearchShape {
  country: boolean;
  destination: boolean;
  bedrooms: boolean;
  amenities: boolean;
  words: number;
  stay: boolean;
  maxPrice: boolean;
  sort: PropertySort | null;
  withTotal: boolean;
  limit: boolean;
  offset: boolean;
  ids: boolean;
}

/** The values of a search, by the name the statement binds them under. */
type SearchValues = Record<string, unknown>;

/** A value of the statement: a bound parameter (`sql.param`) or a prepared statement's placeholder. */
type Bind = (
  name: string,
) => SQL.Aliased | SQL | ReturnType<typeof sql.placeholder> | ReturnType<typeof sql.param>;

/** The stay's values as the statement binds them, typed for PostgreSQL. */
interface StayBinds {
  checkIn: SQL;
  checkOut: SQL;
  nights: SQL;
  /** The check-in's ISO weekday (1 = Monday), for the stay rules' check-in days. */
  weekday: SQL;
}

/** A search's shape and its values. The conditions here decide what the statement contains. */
function shapeOf(params: SearchParams): { shape: SearchShape; values: SearchValues } {
  const values: SearchValues = {};
  const given = (name: string, value: unknown, on: boolean) => {
    if (on) values[name] = value;
    return on;
  };
  const words = params.q ? foldForSearch(params.q).split(' ').filter(Boolean) : [];
  words.forEach((word, i) => (values[`word${i}`] = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const stay = params.stay;
  if (stay) {
    Object.assign(values, {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nights: stay.nights,
      weekday: isoWeekday(stay.checkIn),
    });
  }
  const shape: SearchShape = {
    country: given('country', params.country, Boolean(params.country)),
    destination: given('destination', params.destination, Boolean(params.destination)),
    bedrooms: given('bedrooms', params.bedrooms, Boolean(params.bedrooms)),
    amenities: given('amenityIds', params.amenityIds, Boolean(params.amenityIds?.length)),
    words: words.length,
    stay: stay != null,
    maxPrice: given('maxPrice', params.maxPrice, params.maxPrice != null),
    sort: params.sort ?? null,
    withTotal: Boolean(params.withTotal),
    limit: given('limit', params.limit, Boolean(params.limit)),
    offset: given('offset', params.offset, Boolean(params.offset)),
    ids: given('ids', params.ids, params.ids != null),
  };
  if (shape.ids) values.staleSince = params.staleSince ?? null;
  return { shape, values };
}

/**
 * The search query, evaluated in the database as ONE statement (a search runs in the
 * database, in one query, with every filter and the stay's totals), in two steps:
 *
 * 1. `hits`: the matching villas with only what filtering, sorting and counting need. Per-villa
 *    conditions (`where`) are bound parameters: the amenity filter uses the GIN index
 *    (`amenity_ids @> …`); a dated search joins its stay figures (`stayFigures`: two index rows per
 *    villa), keeps available villas without a blocked night and prices the stay. The weekly figure in
 *    EUR is computed once per villa (an `offset 0` subquery is planned on its own, so its columns are
 *    not recomputed) and then filtered by the budget, sorted, counted (`count(*) over ()`) and cut to
 *    the page.
 * 2. Only the page's villas get their card columns (names, amenities, images).
 *
 * With its values bound as parameters; exported so the bench can EXPLAIN it and time its raw SQL.
 */
export function buildSearchQuery(db: Queryable, params: SearchParams) {
  const { shape, values } = shapeOf(params);
  return buildSearchStatement(db, shape, (name) => sql.param(values[name]));
}

/** The statement of a search shape; `bind` gives each value's parameter (see `buildSearchQuery`). */
function buildSearchStatement(db: Queryable, shape: SearchShape, bind: Bind) {
  const where: SQL[] = [];
  const needsNames = shape.country || shape.destination || shape.words > 0;
  if (shape.country) where.push(sql`lower(${regions.name}) = lower(${bind('country')})`);
  if (shape.destination) where.push(sql`lower(${subregions.name}) = lower(${bind('destination')})`);
  if (shape.bedrooms) where.push(sql`${properties.bedrooms} >= ${bind('bedrooms')}::integer`);
  if (shape.amenities) where.push(sql`${properties.amenityIds} @> ${bind('amenityIds')}::integer[]`);
  if (shape.ids) where.push(sql`${properties.id} = any(${bind('ids')}::integer[])`);
  if (shape.words) {
    const haystack = foldSql(
      sql`concat_ws(' ', ${properties.name}, ${properties.location}, ${regions.name}, ${subregions.name})`,
    );
    for (let i = 0; i < shape.words; i++) where.push(sql`${haystack} like ${bind(`word${i}`)}`);
  }

  const stay: StayBinds | undefined = shape.stay
    ? {
        checkIn: sql`${bind('checkIn')}::date`,
        checkOut: sql`${bind('checkOut')}::date`,
        nights: sql`${bind('nights')}::integer`,
        weekday: sql`${bind('weekday')}::smallint`,
      }
    : undefined;
  // The stay's total in the property's currency: per-date prices where set, base price elsewhere;
  // null when a night has no price (Price on Request) or a per-date price cannot be converted.
  let totalCost: SQL = sql`null::numeric`;
  const joins: SQL[] = [];
  if (stay) {
    const nights = stay.nights;
    const figures = stayFigures(stay);
    const priced = figures.pricedNights;
    const pricedTotal = sql`case when ${figures.foreignPricedNights} = 0
        then ${figures.price} else ${convertedStayPrices(stay)} end`;
    totalCost = sql`case when ${priced} < ${nights} and ${basePrice} is null then null
        else ${pricedTotal} + (${nights} - ${priced}) * coalesce(${basePrice}, 0) end`;
    joins.push(figures.join);
    where.push(eq(properties.available, true));
    where.push(sql`${figures.blockedNights} = 0`);
    where.push(keepsStayRules(stay));
  }
  if (needsNames) {
    joins.unshift(
      sql`left join ${regions} on ${regions.id} = ${properties.regionId}
        left join ${subregions} on ${subregions.id} = ${properties.subregionId}`,
    );
  }

  // The weekly figure is needed for every matching villa only by the budget and the price sorts;
  // otherwise only the page's villas get it (step 2).
  const weeklyInHits = shape.maxPrice || shape.sort === 'price-asc' || shape.sort === 'price-desc';
  // The rate to EUR: for that weekly figure, and for a stay's nights priced in another currency.
  const needsRate = weeklyInHits || stay != null;
  // A search that is only conditions on the villa's own columns (no dates, no budget, no price sort)
  // has its page planned on its own, so the properties' sort index gives the first rows without
  // sorting every match, and its total is a separate count of the same matches (all 10,000 villas:
  // 0.95 ms for the statement instead of 4.7-6 ms). Any other search computes its matches once,
  // behind `offset 0` fences (a fenced subquery is planned on its own, so its columns are not
  // recomputed by the filter and the sort), then counts them with a window and sorts them: counting
  // and paging them apart would compute every stay's figures twice.
  const countApart = !weeklyInHits && !shape.stay;
  const fence = countApart ? sql`` : sql`offset 0`;
  // Step 1a: one row per matching villa with its sort keys, rate to EUR and stay total.
  const candidates = sql`(
    select ${properties.id} as id, ${properties.featured} as featured, ${properties.name} as name,
      ${properties.bedrooms} as bedrooms, ${basePrice} as base,
      ${needsRate ? rateToEurSql : sql`null::numeric`} as rate, ${totalCost} as total_cost
    from ${properties}
    ${
      needsRate
        ? sql`left join ${exchangeRates} on ${exchangeRates.fromCurrency} = ${properties.propertyCurrency}
      and ${exchangeRates.toCurrency} = 'EUR'`
        : sql``
    }
    ${sql.join(joins, sql` `)}
    ${where.length ? sql`where ${and(...where)}` : sql``}
    ${fence}
  ) c`;
  // The weekly figure in EUR the budget filter compares, the price sorts order by and the answer's
  // `weeklyPriceEur` shows: base × 7 without dates, the stay's own total ÷ nights × 7 with them.
  const weekly = stay
    ? weeklyEurSql(sql`c.total_cost`, sql`c.rate`, stay.nights)
    : weeklyEurSql(sql`c.base`, sql`c.rate`);
  // Step 1b: the weekly figure once per villa (behind the fence, when there is one, it stays a column).
  const priced = sql`(select c.*, ${weeklyInHits ? weekly : sql`null::numeric`} as weekly_eur
    from ${candidates} ${fence}) w`;
  const hitsWhere = shape.maxPrice ? sql`where w.weekly_eur <= ${bind('maxPrice')}::numeric` : sql``;
  const order = sql.join(
    orderOf(shape.sort ?? undefined, {
      featured: sql`m.featured`,
      name: sql`m.name`,
      bedrooms: sql`m.bedrooms`,
      id: sql`m.id`,
      weekly: sql`m.weekly_eur`,
    }),
    sql`, `,
  );
  const total = !shape.withTotal
    ? sql`null::integer`
    : countApart
      ? sql`(select count(*) from matches)::integer`
      : sql`(count(*) over ())::integer`;
  const hits = sql`(
    with matches as not materialized (select w.* from ${priced} ${hitsWhere})
    select m.id, m.total_cost, m.weekly_eur, ${total} as total
    from matches m
    order by ${order}
    ${shape.limit ? sql`limit ${bind('limit')}::integer` : sql``}
    ${shape.offset ? sql`offset ${bind('offset')}::integer` : sql``}
  ) hits`;

  // Step 2: the card columns of the page's villas, in the same order.
  const q = selectProperties(db, {
    totalCost: sql<string | null>`hits.total_cost`.as('total_cost'),
    totalCostEur: roundedMoneySql(sql`hits.total_cost`, rateToEurSql).as('total_cost_eur'),
    weeklyEur: (weeklyInHits
      ? sql<string | null>`hits.weekly_eur`
      : stay
        ? weeklyEurSql(sql`hits.total_cost`, rateToEurSql, stay.nights)
        : weeklyEurSql(basePrice, rateToEurSql)
    ).as('weekly_eur'),
    total: sql<number | null>`hits.total`.as('total'),
    stale: (shape.ids
      ? sql<boolean>`exists(select 1 from ${searchChanges} c where ${changedSince(sql`${bind('staleSince')}::text`)})`
      : sql<boolean>`false`
    ).as('stale'),
  })
    .innerJoin(hits, sql`hits.id = ${properties.id}`)
    .orderBy(
      ...orderOf(shape.sort ?? undefined, {
        featured: sql`${properties.featured}`,
        name: sql`${properties.name}`,
        bedrooms: sql`${properties.bedrooms}`,
        id: sql`${properties.id}`,
        weekly: sql`hits.weekly_eur`,
      }),
    );
  return q;
}

interface SortKeys {
  featured: SQL;
  name: SQL;
  bedrooms: SQL;
  id: SQL;
  weekly: SQL;
}

/** The ORDER BY of a sort; always ends with the id, so equal keys keep one order across pages. */
function orderOf(sort: PropertySort | undefined, k: SortKeys): SQL[] {
  switch (sort) {
    case undefined:
      return [sql`${k.id} asc`];
    case 'featured':
      return [sql`${k.featured} desc`, sql`${k.name} asc`, sql`${k.id} asc`];
    // Price on Request (no weekly figure) last in both directions.
    case 'price-asc':
      return [sql`${k.weekly} asc nulls last`, sql`${k.id} asc`];
    case 'price-desc':
      return [sql`${k.weekly} desc nulls last`, sql`${k.id} asc`];
    case 'bedrooms':
      return [sql`${k.bedrooms} desc`, sql`${k.id} asc`];
  }
}

type SearchRow = Awaited<ReturnType<typeof buildSearchQuery>>[number];

/** Shapes prepared per database handle; past this many, a shape runs unprepared (values still bound). */
const MAX_PREPARED_SHAPES = 200;
const preparedShapes = new WeakMap<
  object,
  Map<string, { execute: (values: SearchValues) => Promise<SearchRow[]> }>
>();

/**
 * Runs a search as the prepared statement of its shape. The statement is built once per shape (not per
 * request), and on PostgreSQL each pooled connection parses and plans it once as a named statement,
 * then only binds the values: planning this statement took 0.6–2 ms of each search's 1.4–10 ms at
 * 10,000 villas (docs/perf/search-plans.md). Inside a transaction the statement runs unprepared.
 */
async function runSearch(db: Queryable, params: SearchParams): Promise<SearchRow[]> {
  const { shape, values } = shapeOf(params);
  if (db instanceof PgTransaction) return buildSearchStatement(db, shape, (name) => sql.param(values[name]));
  let shapes = preparedShapes.get(db);
  if (!shapes) preparedShapes.set(db, (shapes = new Map()));
  const key = JSON.stringify(shape);
  let statement = shapes.get(key);
  if (!statement) {
    const query = buildSearchStatement(db, shape, (name) => sql.placeholder(name));
    if (shapes.size >= MAX_PREPARED_SHAPES) return query.execute(values);
    statement = query.prepare(`search_${shapes.size + 1}`);
    shapes.set(key, statement);
  }
  return statement.execute(values);
}

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
  const rows = await runSearch(db, params);
  return rows.map((row) => toResult(row, params.stay));
}

/** A card: the property without its long description (an excerpt instead) and the card's images. */
const toCard = ({ description, ...p }: Property): PropertyCard => ({
  ...p,
  images: p.images.slice(0, LIMITS.cardImages),
  excerpt: truncateDescription(description),
});

type PageParams = SearchParams & { sort: PropertySort; limit: number; offset: number };

/** One sorted page of a search, with the number of matches counted in the same statement. */
export async function searchPropertyPage(db: Queryable, params: PageParams): Promise<PropertyPage> {
  const rows = await runSearch(db, { ...params, withTotal: true });
  return pageOf(
    rows,
    params,
    (row) => toCard(toResult(row, params.stay)),
    // Counted on the first page's query, without the page.
    async () =>
      Number((await runSearch(db, { ...params, limit: 1, offset: 0, withTotal: true }))[0]?.total ?? 0),
  );
}

/**
 * The stay totals (in each villa's currency; null = Price on Request or no rate) of these villas, as
 * the search computes them; undefined when something changed since the snapshot (search-index.ts).
 */
export async function readForeignStayTotals(
  db: Queryable,
  stay: NonNullable<SearchParams['stay']>,
  ids: number[],
  snapshot: string,
): Promise<Map<number, string | null> | undefined> {
  const rows = await runSearch(db, { stay, ids, staleSince: snapshot });
  if (rows.length !== ids.length || rows.some((row) => row.stale)) return undefined;
  return new Map(rows.map((row) => [row.p.id, row.totalCost]));
}

/**
 * The cards of these villas without a stay (the search index adds a stay's figures), read in one
 * statement with the check that nothing changed since the index's snapshot; undefined when something
 * did.
 */
export async function readCards(
  db: Queryable,
  ids: number[],
  snapshot: string,
): Promise<Map<number, PropertyCard> | undefined> {
  const rows = await runSearch(db, { ids, staleSince: snapshot });
  if (rows.length !== ids.length || rows.some((row) => row.stale)) return undefined;
  return new Map(rows.map((row) => [row.p.id, toCard(toResult(row, undefined))]));
}
