import type { PropertyType } from '@villas/shared';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { exchangeRates, properties, regions, subregions } from '@villas/db/schema';
// The catalogue's conversion to EUR, reused as a SQL fragment so the admin cards and the prices agents
// see are converted by the same rule (like admin-overview does).
import { basePriceSql, nightlyEurSql, rateToEurSql, weeklyEurSql } from '../../db/prices';

/** `%text%` for ilike, with the pattern characters in `text` matched literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Name, location, description or property type contains `q`, whatever the case. The type also
 * matches as its label ('private island'), and the region and subregion names count as location.
 */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = containing(q);
  return or(
    ilike(properties.name, p),
    ilike(properties.location, p),
    ilike(regions.name, p),
    ilike(subregions.name, p),
    ilike(properties.description, p),
    sql`replace(${properties.propertyType}, '-', ' ') ilike ${containing(q.replace(/-/g, ' '))}`,
  );
}

export interface AdminPropertyRow {
  id: number;
  name: string;
  location: string;
  region: string | null;
  subregion: string | null;
  description: string;
  images: string[];
  imageCount: number;
  bedrooms: number;
  maxGuests: number;
  propertyType: PropertyType;
  available: boolean;
  availableNow: boolean;
  basePricePerNight: string | null;
  propertyCurrency: string;
  nightlyPriceEur: string | null;
  weeklyPriceEur: string | null;
  total: number;
}

/**
 * One page of the admin list in ONE statement: a CTE picks the page's ids in (name, id) order with the
 * match count as a window function, then only those rows get their first images, today's blocked test
 * and their prices in EUR (db/prices.ts).
 */
export async function listAdminProperties(
  db: Queryable,
  params: {
    q?: string;
    limit: number;
    offset: number;
    today: string;
    images: number;
    descriptionChars: number;
  },
): Promise<AdminPropertyRow[]> {
  const page = db.$with('page').as(
    db
      .select({ pageId: properties.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(properties)
      .leftJoin(regions, eq(regions.id, properties.regionId))
      .leftJoin(subregions, eq(subregions.id, properties.subregionId))
      .where(matching(params.q))
      .orderBy(asc(properties.name), asc(properties.id))
      .limit(params.limit)
      .offset(params.offset),
  );
  const rows = await db
    .with(page)
    .select({
      id: properties.id,
      name: properties.name,
      location: properties.location,
      region: regions.name,
      subregion: subregions.name,
      // One character more than shown, so the service knows whether it was cut.
      description: sql<string>`left(${properties.description}, ${params.descriptionChars + 1}::integer)`,
      images: sql<string[]>`coalesce((
          select array_agg(first.url order by first.sort_order, first.id)
          from (
            select i.url, i.sort_order, i.id from property_images i
            where i.property_id = ${properties.id}
            order by i.sort_order, i.id
            limit ${params.images}::integer
          ) first
        ), '{}')`,
      imageCount: sql<number>`(select count(*) from property_images i where i.property_id = ${properties.id})::int`,
      bedrooms: properties.bedrooms,
      maxGuests: properties.maxGuests,
      propertyType: properties.propertyType,
      available: properties.available,
      availableNow: sql<boolean>`(${properties.available} and not exists (
          select 1 from availability a
          where a.property_id = ${properties.id} and a.date = ${params.today}::date and a.available = false
        ))`,
      basePricePerNight: properties.basePricePerNight,
      propertyCurrency: properties.propertyCurrency,
      nightlyPriceEur: nightlyEurSql(basePriceSql, rateToEurSql),
      weeklyPriceEur: weeklyEurSql(basePriceSql, rateToEurSql),
      total: sql<number>`${page.total}::int`,
    })
    .from(page)
    .innerJoin(properties, eq(properties.id, page.pageId))
    .leftJoin(regions, eq(regions.id, properties.regionId))
    .leftJoin(subregions, eq(subregions.id, properties.subregionId))
    .leftJoin(
      exchangeRates,
      and(eq(exchangeRates.fromCurrency, properties.propertyCurrency), eq(exchangeRates.toCurrency, 'EUR')),
    )
    .orderBy(asc(properties.name), asc(properties.id));
  return rows as AdminPropertyRow[];
}

/** How many properties match `q` (only asked when a page past the end came back empty). */
export async function countAdminProperties(db: Queryable, params: { q?: string }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(properties)
    .leftJoin(regions, eq(regions.id, properties.regionId))
    .leftJoin(subregions, eq(subregions.id, properties.subregionId))
    .where(matching(params.q));
  return row?.total ?? 0;
}
