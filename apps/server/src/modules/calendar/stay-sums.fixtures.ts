import { nightsBetween } from '@villas/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers';
import type { Db } from '@villas/db/client';

/**
 * The oracle of the stay sums' tests (stay-sums.test.ts, and the demo seed's in demo-data): a stay
 * computed from the nightly rows themselves, the way search did before the sums existed, against
 * what a dated search answers and what the sums hold.
 */

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Stay {
  total: number | null;
  blocked: number;
}

interface Hit {
  id: number;
  totalCost: number | null;
  totalNights: number;
  weeklyPriceEur: number | null;
}

/** The checks, on the test's app and database, searching as the agent whose cookie is given. */
export function stayOracle(ctx: TestContext, agentCookie: () => string) {
  /** A stay computed from the nightly rows themselves: per-night prices (converted), base elsewhere. */
  async function direct(propertyId: number, checkIn: string, checkOut: string): Promise<Stay> {
    const nights = nightsBetween(checkIn, checkOut);
    const rate = (currency: string) =>
      sql.raw(`case when ${currency} = 'EUR' then 1::numeric else (select er.rate from exchange_rates er
      where er.from_currency = ${currency} and er.to_currency = 'EUR') end`);
    const [row] = await rows<{ total: string | null; blocked: number }>(
      ctx.db,
      sql`
    select
      (select count(*)::integer from availability a where a.property_id = p.id and not a.available
        and a.date >= ${checkIn}::date and a.date < ${checkOut}::date) as blocked,
      case when x.converted < x.priced then null
        when x.priced < ${nights}::integer and nullif(p.base_price_per_night, 0) is null then null
        else coalesce(x.total, 0) + (${nights}::integer - x.priced) * coalesce(nullif(p.base_price_per_night, 0), 0)
      end as total
    from properties p, lateral (
      select count(*)::integer as priced, count(c)::integer as converted, sum(c) as total from (
        select case when dp.currency = p.property_currency then dp.price
          else round(dp.price * ${rate('dp.currency')} / ${rate('p.property_currency')}, 2) end as c
        from daily_pricing dp
        where dp.property_id = p.id and dp.date >= ${checkIn}::date and dp.date < ${checkOut}::date
      ) y
    ) x
    where p.id = ${propertyId}::integer`,
    );
    return { total: row!.total == null ? null : Number(row!.total), blocked: row!.blocked };
  }

  /** The villa as a dated search in its country answers it (undefined: not in the results). */
  async function searched(country: string, id: number, checkIn: string, checkOut: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/search',
      headers: { cookie: agentCookie() },
      payload: { country, checkIn, checkOut },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Hit[]).find((h) => h.id === id);
  }

  /** The dated search agrees with the nights: excluded when a night is blocked, else their total. */
  async function expectStay(country: string, id: number, checkIn: string, checkOut: string) {
    const want = await direct(id, checkIn, checkOut);
    const hit = await searched(country, id, checkIn, checkOut);
    if (want.blocked > 0) {
      expect(hit, `${checkIn}→${checkOut} has a blocked night`).toBeUndefined();
      return null;
    }
    expect(hit, `${checkIn}→${checkOut} has no blocked night`).toBeDefined();
    expect(hit!.totalCost, `${checkIn}→${checkOut}`).toBe(want.total);
    return hit!.totalCost;
  }

  /**
   * The sums of these properties against their nights: for every date from two days before the first
   * night to two after the last, the totals of the nights before it (read like search reads them) must
   * equal a direct count; and a property's rows must cover exactly (first night, last night].
   */
  async function expectSumsMatchNights(ids: number[]) {
    const bad = await rows<Record<string, unknown>>(
      ctx.db,
      sql`
    with p as (select id, property_currency from properties where id = any(${`{${ids.join(',')}}`}::integer[])),
    nights as (
      select property_id, date from daily_pricing where property_id in (select id from p)
      union select property_id, date from availability where not available and property_id in (select id from p)
    ),
    bounds as (select property_id, min(date) - 2 as lo, max(date) + 2 as hi from nights group by property_id),
    dates as (select b.property_id, b.lo + k as d from bounds b, generate_series(0, b.hi - b.lo) k)
    select d.property_id, d.d, got.*, want.*
    from dates d
    join p on p.id = d.property_id
    left join stay_spans sp on sp.property_id = d.property_id
    left join stay_sums s on s.property_id = d.property_id and s.date = d.d
    cross join lateral (select
      coalesce(case when d.d <= sp.first_night then 0 when d.d > sp.last_night then sp.price else s.price end, 0) as got_price,
      coalesce(case when d.d <= sp.first_night then 0 when d.d > sp.last_night then sp.priced else s.priced end, 0) as got_priced,
      coalesce(case when d.d <= sp.first_night then 0 when d.d > sp.last_night then sp.foreign_priced else s.foreign_priced end, 0) as got_foreign,
      coalesce(case when d.d <= sp.first_night then 0 when d.d > sp.last_night then sp.blocked else s.blocked end, 0) as got_blocked,
      (d.d > sp.first_night and d.d <= sp.last_night) = (s.date is not null) as row_where_expected
    ) got
    cross join lateral (select
      (select coalesce(sum(x.price), 0) from daily_pricing x where x.property_id = p.id and x.date < d.d
        and x.currency = p.property_currency) as want_price,
      (select count(*) from daily_pricing x where x.property_id = p.id and x.date < d.d) as want_priced,
      (select count(*) from daily_pricing x where x.property_id = p.id and x.date < d.d
        and x.currency <> p.property_currency) as want_foreign,
      (select count(*) from availability x where x.property_id = p.id and x.date < d.d and not x.available) as want_blocked
    ) want
    where got.got_price <> want.want_price or got.got_priced <> want.want_priced
      or got.got_foreign <> want.want_foreign or got.got_blocked <> want.want_blocked
      or got.row_where_expected is not true
    limit 5`,
    );
    expect(bad).toEqual([]);
    // No rows outside a span, and no span or rows for a property without nights (or deleted).
    const stray = await rows<{ n: number }>(
      ctx.db,
      sql`
    select count(*)::integer as n from stay_sums s
    left join stay_spans sp on sp.property_id = s.property_id
    where sp.property_id is null or s.date <= sp.first_night or s.date > sp.last_night`,
    );
    expect(stray[0]!.n).toBe(0);
    const emptySpans = await rows<{ n: number }>(
      ctx.db,
      sql`
    select count(*)::integer as n from stay_spans sp
    where not exists (select 1 from daily_pricing d where d.property_id = sp.property_id)
      and not exists (select 1 from availability a where a.property_id = sp.property_id and not a.available)`,
    );
    expect(emptySpans[0]!.n).toBe(0);
  }

  return { searched, expectStay, expectSumsMatchNights };
}
