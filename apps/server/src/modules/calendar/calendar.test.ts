import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { availability, dailyPricing } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();
let admin = '';
let agent = '';

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
});

const post = (url: string, payload: object, cookie = admin) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (url: string, cookie: string | null = agent) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const pricesOf = async (propertyId: number) =>
  (await ctx.db.select().from(dailyPricing).where(eq(dailyPricing.propertyId, propertyId)))
    .map((r) => [r.date, Number(r.price), r.currency])
    .sort();

describe('POST /api/daily-pricing', () => {
  it('creates, then replaces, the price of a date', async () => {
    const p = await createProperty(ctx.db);
    const first = await post('/api/daily-pricing', {
      propertyId: p.id,
      date: '2031-07-01',
      price: 1200,
      currency: 'EUR',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ date: '2031-07-01', price: 1200, currency: 'EUR' });
    const second = await post('/api/daily-pricing', {
      propertyId: p.id,
      date: '2031-07-01',
      price: 1350.5,
      currency: 'USD',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      id: first.json().id,
      date: '2031-07-01',
      price: 1350.5,
      currency: 'USD',
    });
    expect(await pricesOf(p.id)).toEqual([['2031-07-01', 1350.5, 'USD']]);
  });

  it('20 concurrent writes of the same date all succeed and leave one row', async () => {
    const p = await createProperty(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/daily-pricing', {
          propertyId: p.id,
          date: '2031-12-24',
          price: 1000 + i,
          currency: 'EUR',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await pricesOf(p.id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]![1])).toBeGreaterThanOrEqual(1000);
    expect(Number(rows[0]![1])).toBeLessThan(1020);
  });

  it.each([
    [{ date: '2031-02-30' }, 'Use a real calendar date in the form yyyy-MM-dd'],
    [{ date: '01/07/2031' }, 'Use a real calendar date in the form yyyy-MM-dd'],
    [{ price: -1 }, 'Price cannot be negative'],
    [{ price: 10.005 }, 'Price can have at most 2 decimals'],
    [{ currency: 'JPY' }, 'Currency must be one of EUR, USD, GBP, CHF'],
  ])('rejects %j with 400 and a message', async (over, message) => {
    const p = await createProperty(ctx.db);
    const res = await post('/api/daily-pricing', {
      propertyId: p.id,
      date: '2031-07-01',
      price: 100,
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown property, 403 for an agent, 401 anonymous', async () => {
    const p = await createProperty(ctx.db);
    const body = { propertyId: p.id, date: '2031-07-01', price: 100, currency: 'EUR' };
    const missing = await post('/api/daily-pricing', { ...body, propertyId: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Property not found');
    expect((await post('/api/daily-pricing', body, agent)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/daily-pricing', payload: body })).statusCode,
    ).toBe(401);
    expect(await pricesOf(p.id)).toEqual([]);
  });
});

describe('POST /api/availability', () => {
  it('creates or replaces the availability of a date, with optional notes', async () => {
    const p = await createProperty(ctx.db);
    const a = await post('/api/availability', {
      propertyId: p.id,
      date: '2031-07-02',
      available: false,
      notes: 'Owner stay',
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ date: '2031-07-02', available: false, notes: 'Owner stay' });
    const b = await post('/api/availability', { propertyId: p.id, date: '2031-07-02', available: true });
    expect(b.json()).toEqual({ id: a.json().id, date: '2031-07-02', available: true, notes: null });
  });

  it('20 concurrent writes of the same date all succeed and leave one row', async () => {
    const p = await createProperty(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/availability', { propertyId: p.id, date: '2031-12-31', available: i % 2 === 0 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await ctx.db.select().from(availability).where(eq(availability.propertyId, p.id))).toHaveLength(1);
  });

  it('rejects impossible dates and a missing flag; 404 unknown property; 403 agent', async () => {
    const p = await createProperty(ctx.db);
    const bad = await post('/api/availability', { propertyId: p.id, date: '2031-02-30', available: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Use a real calendar date in the form yyyy-MM-dd');
    expect((await post('/api/availability', { propertyId: p.id, date: '2031-02-01' })).statusCode).toBe(400);
    expect(
      (await post('/api/availability', { propertyId: 999999, date: '2031-02-01', available: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/availability', { propertyId: p.id, date: '2031-02-01', available: false }, agent))
        .statusCode,
    ).toBe(403);
  });
});

describe('bulk writes', () => {
  it('prices the nights [from, to) of each range in one call and answers the count', async () => {
    const p = await createProperty(ctx.db);
    const res = await post('/api/daily-pricing/bulk', {
      propertyId: p.id,
      ranges: [
        { from: '2031-07-01', to: '2031-07-04', price: 500, currency: 'EUR' },
        { from: '2031-12-30', to: '2032-01-02', price: 900.25, currency: 'GBP' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 6 });
    expect(await pricesOf(p.id)).toEqual([
      ['2031-07-01', 500, 'EUR'],
      ['2031-07-02', 500, 'EUR'],
      ['2031-07-03', 500, 'EUR'],
      ['2031-12-30', 900.25, 'GBP'],
      ['2031-12-31', 900.25, 'GBP'],
      ['2032-01-01', 900.25, 'GBP'],
    ]);
  });

  it('replaces existing prices; where ranges overlap the later one wins and nights count once', async () => {
    const p = await createProperty(ctx.db);
    await post('/api/daily-pricing', { propertyId: p.id, date: '2031-03-02', price: 1, currency: 'EUR' });
    const res = await post('/api/daily-pricing/bulk', {
      propertyId: p.id,
      ranges: [
        { from: '2031-03-01', to: '2031-03-04', price: 100, currency: 'EUR' },
        { from: '2031-03-03', to: '2031-03-05', price: 200, currency: 'EUR' },
      ],
    });
    expect(res.json()).toEqual({ count: 4 });
    expect(await pricesOf(p.id)).toEqual([
      ['2031-03-01', 100, 'EUR'],
      ['2031-03-02', 100, 'EUR'],
      ['2031-03-03', 200, 'EUR'],
      ['2031-03-04', 200, 'EUR'],
    ]);
  });

  it.each([
    [[{ from: '2031-03-04', to: '2031-03-04', price: 1 }], 'The end date must be after the start date'],
    [[{ from: '2031-03-04', to: '2031-03-01', price: 1 }], 'The end date must be after the start date'],
    [[{ from: '2031-02-28', to: '2031-02-30', price: 1 }], 'Use a real calendar date in the form yyyy-MM-dd'],
    [[{ from: '2031-03-01', to: '2031-03-02', price: -5 }], 'Price cannot be negative'],
    [[{ from: '2031-01-01', to: '2034-01-01', price: 1 }], 'Choose a date range of at most 2 years'],
  ])('rejects ranges %j with 400, writing nothing', async (ranges, message) => {
    const p = await createProperty(ctx.db);
    const res = await post('/api/daily-pricing/bulk', {
      propertyId: p.id,
      ranges: [{ from: '2031-05-01', to: '2031-05-03', price: 10, currency: 'EUR' }, ...ranges],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await pricesOf(p.id)).toEqual([]);
  });

  it('bulk pricing: 400 without ranges, 404 unknown property, 403 agent', async () => {
    const ranges = [{ from: '2031-03-01', to: '2031-03-02', price: 1, currency: 'EUR' }];
    const empty = await post('/api/daily-pricing/bulk', { propertyId: 1, ranges: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Add at least one date range');
    expect((await post('/api/daily-pricing/bulk', { propertyId: 999999, ranges })).statusCode).toBe(404);
    const p = await createProperty(ctx.db);
    expect((await post('/api/daily-pricing/bulk', { propertyId: p.id, ranges }, agent)).statusCode).toBe(403);
  });

  it('sets the availability of a list of dates and answers the count of distinct dates', async () => {
    const p = await createProperty(ctx.db);
    await post('/api/availability', { propertyId: p.id, date: '2031-04-02', available: true });
    const res = await post('/api/availability/bulk', {
      propertyId: p.id,
      dates: ['2031-04-03', '2031-04-01', '2031-04-02', '2031-04-03'],
      available: false,
      notes: 'Maintenance',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
    const rows = await get(`/api/availability/${p.id}?startDate=2031-04-01&endDate=2031-04-30`);
    expect(
      rows
        .json()
        .map((r: { date: string; available: boolean; notes: string }) => [r.date, r.available, r.notes]),
    ).toEqual([
      ['2031-04-01', false, 'Maintenance'],
      ['2031-04-02', false, 'Maintenance'],
      ['2031-04-03', false, 'Maintenance'],
    ]);
    const bad = await post('/api/availability/bulk', {
      propertyId: p.id,
      dates: ['2031-04-31'],
      available: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await post('/api/availability/bulk', { propertyId: p.id, dates: [], available: true })).json().message,
    ).toBe('Select at least one date');
    expect(
      (await post('/api/availability/bulk', { propertyId: 999999, dates: ['2031-04-01'], available: true }))
        .statusCode,
    ).toBe(404);
  });
});

describe('calendar reads', () => {
  it('lists availability and prices of a window, sorted by date, for agents too', async () => {
    const p = await createProperty(ctx.db);
    for (const date of ['2031-06-03', '2031-05-31', '2031-06-01', '2031-07-15']) {
      await post('/api/availability', { propertyId: p.id, date, available: date !== '2031-06-01' });
      await post('/api/daily-pricing', { propertyId: p.id, date, price: 700, currency: 'EUR' });
    }
    const avail = await get(`/api/availability/${p.id}?startDate=2031-05-31&endDate=2031-06-30`);
    expect(avail.statusCode).toBe(200);
    expect(avail.json().map((r: { date: string; available: boolean }) => [r.date, r.available])).toEqual([
      ['2031-05-31', true],
      ['2031-06-01', false],
      ['2031-06-03', true],
    ]);
    expect(avail.json()[0]).toEqual({
      id: expect.any(Number),
      date: '2031-05-31',
      available: true,
      notes: null,
    });
    const prices = await get(`/api/calendar-pricing/${p.id}?startDate=2031-06-01&endDate=2031-07-15`, admin);
    expect(prices.json()).toEqual([
      { id: expect.any(Number), date: '2031-06-01', price: 700, currency: 'EUR' },
      { id: expect.any(Number), date: '2031-06-03', price: 700, currency: 'EUR' },
      { id: expect.any(Number), date: '2031-07-15', price: 700, currency: 'EUR' },
    ]);
  });

  it('validates the window and the property', async () => {
    const p = await createProperty(ctx.db);
    const cases: Array<[string, number, string]> = [
      [
        `/api/availability/${p.id}?startDate=2031-06-01&endDate=2031-05-01`,
        400,
        'endDate must not be before startDate',
      ],
      [
        `/api/availability/${p.id}?startDate=2031-02-30&endDate=2031-03-01`,
        400,
        'Use a real calendar date in the form yyyy-MM-dd',
      ],
      [
        `/api/calendar-pricing/${p.id}?startDate=2030-01-01&endDate=2033-01-01`,
        400,
        'Choose a date window of at most 2 years',
      ],
      [`/api/calendar-pricing/${p.id}?startDate=2031-01-01`, 400, ''],
      ['/api/calendar-pricing/999999?startDate=2031-01-01&endDate=2031-02-01', 404, 'Property not found'],
      ['/api/availability/abc?startDate=2031-01-01&endDate=2031-02-01', 400, 'Use a numeric property id'],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      if (message) expect(res.json().message, url).toBe(message);
    }
    expect(
      (await get(`/api/availability/${p.id}?startDate=2031-01-01&endDate=2031-02-01`, null)).statusCode,
    ).toBe(401);
  });
});
