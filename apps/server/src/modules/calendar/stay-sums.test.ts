import { addDays } from '@villas/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import type { Db } from '@villas/db/client';
import { setRatesToEur, uniqueName } from '../properties/properties.fixtures';
import { replaceImportedNights, setPriceRanges } from './calendar.service';
import { rows, stayOracle } from './stay-sums.fixtures';

/**
 * The stay sums (migration 0009_stay_sums) that price a dated search: after every kind of write to
 * prices and availability, a dated search's total and exclusion must be what the nights themselves
 * say. The oracle (stay-sums.fixtures.ts) computes a stay the way search did before the sums existed:
 * one aggregate over the stay's nightly rows. The sums the demo seed writes (hundreds of villas in one
 * statement) are checked where the demo is seeded anyway (packages/demo-data/src/seed.test.ts).
 */
const ctx = useTestContext();
let agent = '';
let admin = '';

beforeAll(async () => {
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  await setRatesToEur(ctx.db, { USD: 0.9, GBP: 1.2, CHF: 1.05 });
});

const { searched, expectStay, expectSumsMatchNights } = stayOracle(ctx, () => agent);

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
  it('iCal imports block and release nights (the writer of modules/integrations/ical)', async () => {
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

  it('a provider sync writing several price ranges in one transaction (the writer of modules/integrations/invenio)', async () => {
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
