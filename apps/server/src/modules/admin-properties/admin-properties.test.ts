import { addDays, ADMIN_PROPERTIES_PAGE_SIZE, todayIso, type AdminPropertiesPage } from '@villas/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dailyPricing, exchangeRates, propertyImages } from '@villas/db/schema';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { block, price, setRatesToEur, uniqueName } from '../properties/properties.fixtures';

const ctx = useTestContext();
let admin = '';
let agent = '';

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
});

const list = (query: Record<string, string | number> = {}, cookie: string | null = admin) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/admin/properties',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: cookie ? { cookie } : {},
  });
const page = async (query: Record<string, string | number>) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPropertiesPage;
};
/** A token no other row holds: each test searches its own rows. */
const token = () => uniqueName('zq').replace(/\s+/g, '').toLowerCase();

describe('GET /api/admin/properties: access', () => {
  it('is for admins: 401 signed out, 403 for an agent', async () => {
    expect((await list({}, null)).statusCode).toBe(401);
    const res = await list({}, agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/admin/i);
  });

  it('refuses bad paging with a 400 a person can read', async () => {
    const bad: Array<Record<string, string | number>> = [
      { limit: 101 },
      { limit: 0 },
      { limit: 'many' },
      { offset: -1 },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(/limit|offset/);
    }
    expect((await list({ q: 'x'.repeat(201) })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/properties: search', () => {
  it('matches the name, location, description or property type, any case', async () => {
    const t = token();
    const byName = await createProperty(ctx.db, { name: `Villa ${t.toUpperCase()} Azur` });
    const byLocation = await createProperty(ctx.db, { location: `Cap ${t}, Riviera` });
    const byDescription = await createProperty(ctx.db, { description: `A quiet ${t} retreat.` });
    const other = await createProperty(ctx.db);

    const ids = async (q: string) => (await page({ q, limit: 100 })).items.map((i) => i.id).sort();
    expect(await ids(t)).toEqual([byName.id, byLocation.id, byDescription.id].sort());
    expect(await ids(`villa ${t}`)).toEqual([byName.id]);
    expect(await ids(`cap ${t.toUpperCase()}`)).toEqual([byLocation.id]);
    expect(await ids(`quiet ${t}`)).toEqual([byDescription.id]);
    expect(await ids(t)).not.toContain(other.id);
  });

  it('matches the property type by value and by label, and the region and subregion names', async () => {
    const t = token();
    const { region, subregions } = await createRegion(ctx.db, `Region ${t}`, [`Sub ${t}`]);
    const island = await createProperty(ctx.db, {
      name: `Isle ${t}`,
      propertyType: 'private-island',
      regionId: region.id,
      subregionId: subregions[0]!.id,
    });
    const chalet = await createProperty(ctx.db, { name: `Chalet ${t}`, propertyType: 'chalet' });
    const all = (await page({ q: 'private-island', limit: 100 })).items.map((i) => i.id);
    expect(all).toContain(island.id);
    expect(all).not.toContain(chalet.id);
    expect((await page({ q: 'Private Island', limit: 100 })).items.map((i) => i.id)).toContain(island.id);
    expect((await page({ q: 'CHALET', limit: 100 })).items.map((i) => i.id)).toContain(chalet.id);
    expect((await page({ q: `sub ${t}` })).items.map((i) => i.id)).toEqual([island.id]);
    expect((await page({ q: `region ${t}` })).items.map((i) => i.id)).toEqual([island.id]);
  });

  it('takes % and _ literally', async () => {
    const t = token();
    const literal = await createProperty(ctx.db, { name: `Villa 100%_${t}` });
    await createProperty(ctx.db, { name: `Villa 100ab${t}` });
    expect((await page({ q: `100%_${t}` })).items.map((i) => i.id)).toEqual([literal.id]);
    expect((await page({ q: `%${t}_` })).items).toEqual([]);
  });

  it('answers an empty page with total 0 when nothing matches', async () => {
    expect(await page({ q: token() })).toEqual({
      items: [],
      total: 0,
      limit: ADMIN_PROPERTIES_PAGE_SIZE,
      offset: 0,
    });
  });
});

describe('GET /api/admin/properties: paging', () => {
  it('pages in name then id order with the total of every match', async () => {
    const t = token();
    const made = [];
    for (const n of ['Delta', 'Alpha', 'Echo', 'Charlie', 'Bravo']) {
      made.push(await createProperty(ctx.db, { name: `${n} ${t}` }));
    }
    // Two with the same name: id breaks the tie.
    const twin = await createProperty(ctx.db, { name: `Alpha ${t}` });
    const order = ['Alpha', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];

    const first = await page({ q: t, limit: 4 });
    expect(first.total).toBe(6);
    expect(first.items.map((i) => i.name.split(' ')[0])).toEqual(order.slice(0, 4));
    expect(first.items[0]!.id).toBe(made[1]!.id);
    expect(first.items[1]!.id).toBe(twin.id);
    const second = await page({ q: t, limit: 4, offset: 4 });
    expect(second.total).toBe(6);
    expect(second.items.map((i) => i.name.split(' ')[0])).toEqual(order.slice(4));
    // Past the end: no rows, the total still told.
    expect(await page({ q: t, limit: 4, offset: 40 })).toEqual({ items: [], total: 6, limit: 4, offset: 40 });
  });

  it('sends 24 by default', async () => {
    const t = token();
    for (let i = 0; i < 26; i++)
      await createProperty(ctx.db, { name: `Bulk ${t} ${String(i).padStart(2, '0')}` });
    const res = await page({ q: t });
    expect(res.items).toHaveLength(24);
    expect(res.total).toBe(26);
  });
});

describe('GET /api/admin/properties: the card', () => {
  it('has the card fields: first images in order, the image count, a cut description', async () => {
    const t = token();
    const { region, subregions } = await createRegion(ctx.db, `France ${t}`, ['Provence']);
    const p = await createProperty(ctx.db, {
      name: `Mas ${t}`,
      location: `France ${t}, Provence`,
      regionId: region.id,
      subregionId: subregions[0]!.id,
      description: 'Lavender fields. '.repeat(30),
      bedrooms: 5,
      maxGuests: 10,
      propertyType: 'villa',
    });
    await ctx.db.insert(propertyImages).values(
      ['d', 'a', 'c', 'b'].map((n, i) => ({
        propertyId: p.id,
        url: `https://img.example.com/${n}.jpg`,
        sortOrder: [3, 0, 2, 1][i]!,
      })),
    );
    const [item] = (await page({ q: `mas ${t}` })).items;
    expect(item).toMatchObject({
      id: p.id,
      name: `Mas ${t}`,
      location: `France ${t}, Provence`,
      region: `France ${t}`,
      subregion: 'Provence',
      images: [
        'https://img.example.com/a.jpg',
        'https://img.example.com/b.jpg',
        'https://img.example.com/c.jpg',
      ],
      imageCount: 4,
      bedrooms: 5,
      maxGuests: 10,
      propertyType: 'villa',
      available: true,
      availableNow: true,
      basePricePerNight: 1000,
      propertyCurrency: 'EUR',
      nightlyPriceEur: 1000,
      weeklyPriceEur: 7000,
    });
    expect(item!.description).toHaveLength(303);
    expect(item!.description.endsWith('...')).toBe(true);
  });

  it('converts prices to EUR with the stored rates, like the catalogue', async () => {
    const t = token();
    await setRatesToEur(ctx.db, { USD: 0.9, GBP: 1.17 });
    const usd = await createProperty(ctx.db, {
      name: `Usd ${t}`,
      basePricePerNight: '12345.67',
      propertyCurrency: 'USD',
    });
    const gbp = await createProperty(ctx.db, {
      name: `Gbp ${t}`,
      basePricePerNight: '2000',
      propertyCurrency: 'GBP',
    });
    const items = (await page({ q: t })).items;
    expect(items.find((i) => i.id === gbp.id)).toMatchObject({
      basePricePerNight: 2000,
      propertyCurrency: 'GBP',
      nightlyPriceEur: 2340,
      weeklyPriceEur: 16380,
    });
    expect(items.find((i) => i.id === usd.id)).toMatchObject({
      basePricePerNight: 12345.67,
      nightlyPriceEur: 11111.1,
      weeklyPriceEur: 77777.72,
    });
    // The same weekly figure the agents' catalogue shows.
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${usd.id}`,
      headers: { cookie: admin },
    });
    expect(res.json().weeklyPriceEur).toBe(77777.72);
  });

  it("is 'Price on Request' (null) without a price, at 0, or without a rate to EUR", async () => {
    const t = token();
    await ctx.db.delete(exchangeRates).where(eq(exchangeRates.fromCurrency, 'CHF'));
    const none = await createProperty(ctx.db, { name: `None ${t}`, basePricePerNight: null });
    const zero = await createProperty(ctx.db, { name: `Zero ${t}`, basePricePerNight: '0' });
    const noRate = await createProperty(ctx.db, {
      name: `Chf ${t}`,
      basePricePerNight: '3000',
      propertyCurrency: 'CHF',
    });
    const items = (await page({ q: t })).items;
    const prices = (id: number) => {
      const i = items.find((x) => x.id === id)!;
      return [i.basePricePerNight, i.nightlyPriceEur, i.weeklyPriceEur];
    };
    expect(prices(none.id)).toEqual([null, null, null]);
    expect(prices(zero.id)).toEqual([0, null, null]);
    expect(prices(noRate.id)).toEqual([3000, null, null]);
  });

  it('is available now only with the flag on and today not blocked', async () => {
    const t = token();
    const today = todayIso();
    const free = await createProperty(ctx.db, { name: `Free ${t}` });
    const blockedToday = await createProperty(ctx.db, { name: `Blocked ${t}` });
    const blockedTomorrow = await createProperty(ctx.db, { name: `Later ${t}` });
    const openedToday = await createProperty(ctx.db, { name: `Opened ${t}` });
    const off = await createProperty(ctx.db, { name: `Off ${t}`, available: false });
    await block(ctx.db, blockedToday.id, [today]);
    await block(ctx.db, blockedTomorrow.id, [addDays(today, 1)]);
    await block(ctx.db, openedToday.id, [today], true);
    const items = (await page({ q: t })).items;
    const now = (id: number) => items.find((i) => i.id === id)!.availableNow;
    expect(now(free.id)).toBe(true);
    expect(now(blockedToday.id)).toBe(false);
    expect(now(blockedTomorrow.id)).toBe(true);
    expect(now(openedToday.id)).toBe(true);
    expect(now(off.id)).toBe(false);
    expect(items.find((i) => i.id === blockedToday.id)!.available).toBe(true);
  });
});

describe('PUT /api/properties/{id}: the dialog custom prices', () => {
  it('removes the dates in removeCustomPrices and upserts customPricing, in one save', async () => {
    const { region } = await createRegion(ctx.db, uniqueName('Greece'));
    const p = await createProperty(ctx.db, { regionId: region.id, propertyCurrency: 'EUR' });
    await price(ctx.db, p.id, ['2031-07-01', '2031-07-02', '2031-07-03'], 1500);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: { cookie: admin },
      payload: {
        removeCustomPrices: ['2031-07-01', '2031-07-02'],
        customPricing: { '2031-07-02': 1800, '2031-07-04': 1900 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.db
      .select()
      .from(dailyPricing)
      .where(and(eq(dailyPricing.propertyId, p.id)));
    expect(rows.map((r) => [r.date, Number(r.price)]).sort()).toEqual([
      ['2031-07-02', 1800],
      ['2031-07-03', 1500],
      ['2031-07-04', 1900],
    ]);
  });

  it('refuses a bad date to remove with a 400 and changes nothing', async () => {
    const p = await createProperty(ctx.db);
    await price(ctx.db, p.id, ['2031-09-01'], 1500);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: { cookie: admin },
      payload: { name: 'Renamed', removeCustomPrices: ['2031-02-30'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/yyyy-MM-dd/);
    const rows = await ctx.db.select().from(dailyPricing).where(eq(dailyPricing.propertyId, p.id));
    expect(rows).toHaveLength(1);
  });

  it('is admin-only like every write', async () => {
    const p = await createProperty(ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: { cookie: agent },
      payload: { removeCustomPrices: ['2031-09-01'] },
    });
    expect(res.statusCode).toBe(403);
  });
});
