import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { exchangeRates, properties } from '@villas/db/schema';
import { rateToEurSql } from '../../db/prices';

/**
 * The summary cards in ONE statement: scalar sub-queries for the counts, the mean and median over the priced
 * properties (base price above 0, joined to their currency's rate to EUR like the catalogue does).
 * A property whose currency has no stored rate is left out of the average rather than guessed.
 */
export async function overviewFigures(db: Queryable, p: { today: string }) {
  const [row] = await db
    .select({
      totalProperties: sql<number>`(select count(*) from properties)::int`,
      availableNow: sql<number>`(
        select count(*) from properties ap
        where ap.available and not exists (
          select 1 from availability a
          where a.property_id = ap.id and a.date = ${p.today}::date and a.available = false
        ))::int`,
      averageNightlyPriceEur: sql<
        string | null
      >`round(avg(${properties.basePricePerNight} * ${rateToEurSql}), 2)`,
      medianNightlyPriceEur: sql<string | null>`round((percentile_cont(0.5) within group (
        order by ${properties.basePricePerNight} * ${rateToEurSql}))::numeric, 2)`,
      pricedProperties: sql<number>`count(${rateToEurSql})::int`,
      countries: sql<number>`(select count(*) from regions)::int`,
      destinations: sql<number>`(select count(*) from subregions)::int`,
    })
    .from(properties)
    .leftJoin(
      exchangeRates,
      and(eq(exchangeRates.fromCurrency, properties.propertyCurrency), eq(exchangeRates.toCurrency, 'EUR')),
    )
    .where(gt(properties.basePricePerNight, '0'));
  return row!;
}

/** Both drivers (node-postgres, PGlite) answer a raw statement with its `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** [from, to] as UTC instants: from's midnight up to (not including) the midnight after `to`. */
const window = (from: string, to: string) => ({
  start: sql`(${from}::date)::timestamp at time zone 'UTC'`,
  end: sql`(${to}::date + 1)::timestamp at time zone 'UTC'`,
});

/** Link views per UTC day, every day of [from, to] present (generate_series), oldest first. */
export async function viewsPerDay(db: Queryable, p: { from: string; to: string }) {
  const w = window(p.from, p.to);
  const result = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as "date", coalesce(v.views, 0)::int as "views"
    from (
      select g::date as day
      from generate_series(${p.from}::timestamp, ${p.to}::timestamp, interval '1 day') g
    ) d
    left join (
      select (viewed_at at time zone 'UTC')::date as day, count(*) as views
      from white_label_views
      where viewed_at >= ${w.start} and viewed_at < ${w.end}
      group by 1
    ) v on v.day = d.day
    order by d.day`);
  return rowsOf<{ date: string; views: number }>(result);
}

/** The Sunday that starts a date's week (weeks start on Sunday). */
const sundayOf = (day: ReturnType<typeof sql>) => sql`(${day} - extract(dow from ${day})::int)`;

/**
 * Inquiries per week over [from, to]: every week overlapping the window (generate_series), counted by
 * kind, plus the clients' booking requests on white-label links. Only rows inside the window count.
 */
export async function inquiriesPerWeek(db: Queryable, p: { from: string; to: string }) {
  const w = window(p.from, p.to);
  const result = await db.execute(sql`
    with items as (
      select (created_at at time zone 'UTC')::date as day, kind
      from inquiries
      where created_at >= ${w.start} and created_at < ${w.end}
      union all
      select (created_at at time zone 'UTC')::date, 'white-label'
      from white_label_inquiries
      where created_at >= ${w.start} and created_at < ${w.end}
    ),
    counted as (
      select ${sundayOf(sql`day`)} as week_start,
        count(*) filter (where kind = 'off-market') as off_market,
        count(*) filter (where kind = 'contact') as contact,
        count(*) filter (where kind = 'booking') as booking,
        count(*) filter (where kind = 'white-label') as white_label
      from items
      group by 1
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as "weekStart",
      coalesce(c.off_market, 0)::int as "offMarket",
      coalesce(c.contact, 0)::int as "contact",
      coalesce(c.booking, 0)::int as "booking",
      coalesce(c.white_label, 0)::int as "whiteLabel"
    from (
      select g::date as week_start
      from generate_series(
        ${sundayOf(sql`${p.from}::date`)}::timestamp,
        ${sundayOf(sql`${p.to}::date`)}::timestamp,
        interval '7 days') g
    ) w
    left join counted c on c.week_start = w.week_start
    order by w.week_start`);
  return rowsOf<{
    weekStart: string;
    offMarket: number;
    contact: number;
    booking: number;
    whiteLabel: number;
  }>(result);
}
