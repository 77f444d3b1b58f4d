import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, nightsBetween } from '@villas/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import type { Db } from '../../db/client';
import { seedCatalogue } from '@villas/demo-data';
import { setRatesToEur, uniqueName } from '../properties/properties.fixtures';
import { replaceImportedNights, setPriceRanges } from './calendar.service';

/**
 * The stay sums (migration 0009_stay_sums) that price a dated search: after every kind of write to
 * prices and availability, a dated search's total and exclusion must be what the nights themselves
 * say. The oracle (`direct`) computes a stay the way search did before the sums existed: one
 * aggregate over the stay's nightly rows.
 */
const ctx = useTestContext();
let agent = '';
let admin = '';

beforeAll(async () => {
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  await setRatesToEur(ctx.db, { USD: 0.9, GBP: 1.2, CHF: 1.05 });
});

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Stay {
  total: number | null;
  blocked: number;
}

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

interface Hit {
  id: number;
  totalCost: number | null;
  totalNights: number;
  weeklyPriceEur: number | null;
}

/** The villa as a dated search in its country answers it (undefined: not in the results). */
async function searched(country: string, id: number, checkIn: string, checkOut: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/search',
    headers: { cookie: agent },
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

async function post(url: string, payload: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const setPrice = (propertyId: number, date: string, price: number, currency = 'EUR') =>
  post('/api/daily-pricing', { propertyId, date, price, currency });
const setAvailable = (propertyId: number, date: string, available: boolean) =>
  post('/api/availability', { propertyId, date, available });

async function villa(base: string | null = '100', currency = 'EUR') {
  const { region } = await createRegion(ctx.db, uniqueName('Sums'));
  const p = await createProperty(ctx.db, {
    regionId: region.id,
    basePricePerNight: base,
    propertyCurrency: currency,
  });
  return { id: p.id, country: region.name };
}

describe('stay sums after single-night writes', () => {
  it('a price set on one night changes the stays that contain it and only those', async () => {
    const v = await villa('100');
    await setPrice(v.id, '2031-03-10', 250);
    expect(await expectStay(v.country, v.id, '2031-03-08', '2031-03-12')).toBe(550);
    expect(await expectStay(v.country, v.id, '2031-03-10', '2031-03-11')).toBe(250); // 1 night
    expect(await expectStay(v.country, v.id, '2031-03-05', '2031-03-10')).toBe(500); // ends that day
    expect(await expectStay(v.country, v.id, '2031-03-11', '2031-03-14')).toBe(300); // starts after
    // Nights on both sides of the span widen it: stays crossing its old and new edges.
    await setPrice(v.id, '2031-03-01', 300);
    await setPrice(v.id, '2031-03-20', 400);
    expect(await expectStay(v.country, v.id, '2031-02-27', '2031-03-02')).toBe(500);
    expect(await expectStay(v.country, v.id, '2031-03-01', '2031-03-21')).toBe(250 + 300 + 400 + 17 * 100);
    expect(await expectStay(v.country, v.id, '2031-03-20', '2031-03-23')).toBe(600);
    expect(await expectStay(v.country, v.id, '2031-02-01', '2031-04-01')).toBe(950 + 56 * 100);
    // A new price for the same night replaces the old one.
    await setPrice(v.id, '2031-03-10', 150);
    expect(await expectStay(v.country, v.id, '2031-03-08', '2031-03-12')).toBe(450);
    await expectSumsMatchNights([v.id]);
  });

  it('a blocked night excludes the stays that contain it; unblocking brings them back', async () => {
    const v = await villa('100');
    await setPrice(v.id, '2031-05-01', 120);
    await setAvailable(v.id, '2031-05-15', false);
    for (const [ci, co] of [
      ['2031-05-14', '2031-05-16'],
      ['2031-05-15', '2031-05-16'],
      ['2031-04-20', '2031-06-20'],
    ]) {
      expect(await searched(v.country, v.id, ci!, co!), `${ci}→${co}`).toBeUndefined();
    }
    expect(await expectStay(v.country, v.id, '2031-05-10', '2031-05-15')).toBe(500); // leaves that day
    expect(await expectStay(v.country, v.id, '2031-05-16', '2031-05-18')).toBe(200);
    await setAvailable(v.id, '2031-05-15', true);
    expect(await expectStay(v.country, v.id, '2031-05-14', '2031-05-16')).toBe(200);
    expect(await expectStay(v.country, v.id, '2031-04-30', '2031-05-16')).toBe(1620);
    await expectSumsMatchNights([v.id]);
  });

  it('nights priced in another currency are converted night by night, as before the sums', async () => {
    const v = await villa('100', 'EUR');
    await setPrice(v.id, '2031-07-01', 200, 'EUR');
    await setPrice(v.id, '2031-07-02', 100, 'USD'); // 100 × 0.9 = 90 EUR
    await setPrice(v.id, '2031-07-03', 333.33, 'GBP'); // × 1.2 = 399.996 → 400.00
    expect(await expectStay(v.country, v.id, '2031-06-30', '2031-07-05')).toBe(100 + 200 + 90 + 400 + 100);
    expect(await expectStay(v.country, v.id, '2031-07-01', '2031-07-02')).toBe(200);
    expect(await expectStay(v.country, v.id, '2031-07-02', '2031-07-03')).toBe(90);
    // The property's currency decides which nights are its own: after a change the sums follow.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${v.id}`,
      headers: { cookie: admin },
      payload: { propertyCurrency: 'USD' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await expectStay(v.country, v.id, '2031-06-30', '2031-07-05');
    expect(await expectStay(v.country, v.id, '2031-07-02', '2031-07-03')).toBe(100);
    await expectSumsMatchNights([v.id]);
  });

  it("a night without a price of its own on a 'Price on Request' villa leaves the total empty", async () => {
    const v = await villa(null);
    await setPrice(v.id, '2031-08-01', 500);
    await setPrice(v.id, '2031-08-02', 600);
    expect(await expectStay(v.country, v.id, '2031-08-01', '2031-08-03')).toBe(1100);
    expect(await expectStay(v.country, v.id, '2031-07-31', '2031-08-03')).toBeNull();
    expect(await expectStay(v.country, v.id, '2031-08-02', '2031-08-04')).toBeNull();
  });
});

describe('stay sums after bulk writes', () => {
  it('a 365-night range priced in one call: 1-night, 365-night and longer stays', async () => {
    const v = await villa('100');
    const from = '2032-01-01';
    const to = addDays(from, 365);
    expect(
      await post('/api/daily-pricing/bulk', { propertyId: v.id, ranges: [{ from, to, price: 200 }] }),
    ).toEqual({
      count: 365,
    });
    expect(await expectStay(v.country, v.id, from, to)).toBe(365 * 200);
    expect(await expectStay(v.country, v.id, addDays(from, -1), addDays(to, 1))).toBe(365 * 200 + 200);
    expect(await expectStay(v.country, v.id, from, addDays(from, 1))).toBe(200);
    expect(await expectStay(v.country, v.id, addDays(to, -1), to)).toBe(200);
    expect(await expectStay(v.country, v.id, addDays(to, -1), addDays(to, 2))).toBe(400);
    // A second range over part of the first (later ranges win), and a block in the middle.
    await post('/api/daily-pricing/bulk', {
      propertyId: v.id,
      ranges: [{ from: '2032-06-01', to: '2032-06-08', price: 1000 }],
    });
    expect(await expectStay(v.country, v.id, '2032-05-31', '2032-06-09')).toBe(7000 + 400);
    await post('/api/availability/bulk', {
      propertyId: v.id,
      dates: ['2032-06-03', '2032-06-04'],
      available: false,
    });
    expect(await searched(v.country, v.id, from, to)).toBeUndefined();
    expect(await expectStay(v.country, v.id, '2032-06-05', '2032-06-12')).toBe(3000 + 800);
    await post('/api/availability/bulk', {
      propertyId: v.id,
      dates: ['2032-06-03', '2032-06-04'],
      available: true,
    });
    expect(await expectStay(v.country, v.id, from, to)).toBe(358 * 200 + 7000);
    await expectSumsMatchNights([v.id]);
  });

  it("the admin form's removed custom prices go back to the base price", async () => {
    const v = await villa('100');
    await post('/api/daily-pricing/bulk', {
      propertyId: v.id,
      ranges: [{ from: '2031-09-01', to: '2031-09-11', price: 300 }],
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${v.id}`,
      headers: { cookie: admin },
      payload: { removeCustomPrices: ['2031-09-01', '2031-09-05', '2031-09-10'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await expectStay(v.country, v.id, '2031-09-01', '2031-09-11')).toBe(7 * 300 + 3 * 100);
    expect(await expectStay(v.country, v.id, '2031-09-01', '2031-09-02')).toBe(100);
    await expectSumsMatchNights([v.id]);
  });

  it('deleting a villa removes its sums with its calendar', async () => {
    const v = await villa('100');
    await post('/api/daily-pricing/bulk', {
      propertyId: v.id,
      ranges: [{ from: '2031-10-01', to: '2031-11-01', price: 300 }],
    });
    await setAvailable(v.id, '2031-11-15', false);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${v.id}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode, del.body).toBe(200);
    const left = await rows<{ sums: number; spans: number }>(
      ctx.db,
      sql`select (select count(*)::integer from stay_sums where property_id = ${v.id}::integer) as sums,
        (select count(*)::integer from stay_spans where property_id = ${v.id}::integer) as spans`,
    );
    expect(left[0]).toEqual({ sums: 0, spans: 0 });
  });
});

describe('stay sums after syncs', () => {
  it('iCal imports block and release nights (the writer of modules/ical)', async () => {
    const v = await villa('100');
    await setPrice(v.id, '2031-12-01', 150);
    await replaceImportedNights(ctx.db, {
      propertyId: v.id,
      source: 'ical:999001',
      nights: new Map([
        ['2031-12-10', 'Booked'],
        ['2031-12-11', 'Booked'],
      ]),
    });
    expect(await searched(v.country, v.id, '2031-12-09', '2031-12-12')).toBeUndefined();
    expect(await expectStay(v.country, v.id, '2031-12-01', '2031-12-10')).toBe(150 + 800);
    // The feed no longer lists the 10th: released; the 11th stays blocked.
    await replaceImportedNights(ctx.db, {
      propertyId: v.id,
      source: 'ical:999001',
      nights: new Map([['2031-12-11', 'Booked']]),
    });
    expect(await expectStay(v.country, v.id, '2031-12-09', '2031-12-11')).toBe(200);
    expect(await searched(v.country, v.id, '2031-12-10', '2031-12-12')).toBeUndefined();
    await expectSumsMatchNights([v.id]);
  });

  it('a provider sync writing several price ranges in one transaction (the writer of modules/invenio)', async () => {
    const v = await villa('100', 'GBP');
    await ctx.db.transaction(async (tx) => {
      await setPriceRanges(tx as unknown as Db, {
        propertyId: v.id,
        ranges: [
          { from: '2032-02-01', to: '2032-02-15', price: 500, currency: 'GBP' },
          { from: '2032-02-15', to: '2032-03-01', price: 700, currency: 'GBP' },
          { from: '2032-02-20', to: '2032-02-22', price: 90, currency: 'EUR' },
        ],
      });
    });
    expect(await expectStay(v.country, v.id, '2032-02-10', '2032-02-17')).toBe(5 * 500 + 2 * 700);
    await expectStay(v.country, v.id, '2032-02-19', '2032-02-23');
    await expectStay(v.country, v.id, '2032-01-25', '2032-03-05');
    await expectSumsMatchNights([v.id]);
  });
});

describe('stay sums under concurrent writes', () => {
  it('concurrent price and availability writes to one villa leave sums that match its nights', async () => {
    const v = await villa('100');
    const start = '2033-01-01';
    const writes: Array<Promise<unknown>> = [];
    for (let i = 0; i < 24; i++) writes.push(setPrice(v.id, addDays(start, i * 7), 100 + i));
    for (let i = 0; i < 6; i++) {
      writes.push(
        post('/api/daily-pricing/bulk', {
          propertyId: v.id,
          ranges: [{ from: addDays(start, i * 30), to: addDays(start, i * 30 + 10), price: 400 + i }],
        }),
      );
    }
    for (let i = 0; i < 8; i++) writes.push(setAvailable(v.id, addDays(start, 3 + i * 19), i % 2 === 0));
    await Promise.all(writes);
    await expectSumsMatchNights([v.id]);
    for (const [ci, co] of [
      [start, addDays(start, 200)],
      [addDays(start, -3), addDays(start, 1)],
      [addDays(start, 40), addDays(start, 47)],
      [addDays(start, 170), addDays(start, 400)],
    ]) {
      await expectStay(v.country, v.id, ci!, co!);
    }
  });
});

describe('stay sums after the demo seed', () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-sums-seed-'));
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  it('the seeded calendars (hundreds of villas in one statement) price stays like their nights', async () => {
    await seedCatalogue(ctx.db, { uploadDir, log: () => undefined });
    const sample = await rows<{ id: number; country: string; first: string }>(
      ctx.db,
      sql`
      select p.id, r.name as country, min(a.date)::text as first
      from properties p join regions r on r.id = p.region_id
      join availability a on a.property_id = p.id and not a.available
      where p.available and p.base_price_per_night > 0
      group by p.id, r.name order by p.id limit 6`,
    );
    expect(sample.length).toBe(6);
    await expectSumsMatchNights(sample.map((s) => s.id));
    for (const s of sample) {
      await expectStay(s.country, s.id, addDays(s.first, -7), s.first);
      await expectStay(s.country, s.id, addDays(s.first, -3), addDays(s.first, 4));
    }
  }, 180_000);
});
