import { eachNight, propertyPageSchema, propertySchema } from '@villas/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { block, ensureAmenities, price, setRatesToEur, uniqueName } from './properties.fixtures';
import { searchProperties } from './properties.service';

const ctx = useTestContext();
let agent = '';
let admin = '';
let amen: Record<string, number> = {};

beforeAll(async () => {
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  amen = await ensureAmenities(ctx.db, ['Wifi', 'Swimming Pool', 'Butler', 'Sea View']);
  await setRatesToEur(ctx.db, { USD: 0.9, GBP: 1.2, CHF: 1.05 });
});

type Result = {
  id: number;
  name: string;
  totalNights?: number;
  totalCost?: number | null;
  totalCostEur?: number | null;
};

async function search(filters: Record<string, unknown>, cookie = agent) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/search',
    headers: { cookie },
    payload: filters,
  });
  return res;
}
async function ids(filters: Record<string, unknown>): Promise<number[]> {
  const res = await search(filters);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Result[] | { items: Result[] };
  return (Array.isArray(body) ? body : body.items).map((p) => p.id);
}

/** A fresh country with two destinations, so each test sees only its own villas. */
async function country(subs = ['Nice', 'Saint-Tropez']) {
  const { region, subregions } = await createRegion(ctx.db, uniqueName('Côte'), subs);
  return { name: region.name, id: region.id, sub: Object.fromEntries(subregions.map((s) => [s.name, s.id])) };
}

describe('POST /api/properties/search: access and validation', () => {
  it('answers 401 to anonymous callers and works for agents and admins', async () => {
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/properties/search', payload: {} });
    expect(anon.statusCode).toBe(401);
    expect((await search({}, agent)).statusCode).toBe(200);
    expect((await search({}, admin)).statusCode).toBe(200);
  });

  it.each([
    [{ checkIn: '2031-06-10', checkOut: '2031-06-10' }, 'Check-out must be after check-in'],
    [{ checkIn: '2031-06-10', checkOut: '2031-06-03' }, 'Check-out must be after check-in'],
    [{ checkIn: '2031-06-10' }, 'Choose both a check-in and a check-out date'],
    [{ checkIn: '2031-02-30', checkOut: '2031-03-03' }, 'Use a real calendar date in the form yyyy-MM-dd'],
    [{ maxPrice: -5 }, 'Maximum price cannot be negative'],
  ])('rejects %j with 400 and a message', async (filters, message) => {
    const res = await search(filters);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("treats '', null and 'any' as unset filters, as the dashboard sends them", async () => {
    const c = await country();
    const p = await createProperty(ctx.db, { regionId: c.id });
    const res = await ids({
      country: c.name,
      destination: 'any',
      bedrooms: '',
      maxPrice: null,
      checkIn: '',
      checkOut: '',
    });
    expect(res).toEqual([p.id]);
  });
});

describe('search filters', () => {
  it('country and destination match names whatever their case; unknown names give []', async () => {
    const c = await country();
    const nice = await createProperty(ctx.db, { regionId: c.id, subregionId: c.sub['Nice'] });
    const st = await createProperty(ctx.db, { regionId: c.id, subregionId: c.sub['Saint-Tropez'] });
    await createProperty(ctx.db); // elsewhere
    expect(await ids({ country: c.name.toUpperCase() })).toEqual([nice.id, st.id]);
    expect(await ids({ country: c.name, destination: 'saint-tropez' })).toEqual([st.id]);
    expect(await ids({ country: 'Atlantis' })).toEqual([]);
    expect(await ids({ country: c.name, destination: 'Atlantis' })).toEqual([]);
  });

  it('a value with SQL in it is only data: it matches nothing and breaks nothing', async () => {
    const res = await search({ country: "x' or '1'='1", destination: "'; drop table properties; --" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await search({})).statusCode).toBe(200);
  });

  it('bedrooms is a minimum', async () => {
    const c = await country();
    const three = await createProperty(ctx.db, { regionId: c.id, bedrooms: 3 });
    const five = await createProperty(ctx.db, { regionId: c.id, bedrooms: 5 });
    const six = await createProperty(ctx.db, { regionId: c.id, bedrooms: 6 });
    expect(await ids({ country: c.name, bedrooms: 5 })).toEqual([five.id, six.id]);
    expect(await ids({ country: c.name, bedrooms: '6' })).toEqual([six.id]);
    expect(await ids({ country: c.name, bedrooms: 7 })).toEqual([]);
    expect(await ids({ country: c.name })).toEqual([three.id, five.id, six.id]);
  });

  it('amenityIds: a property must have ALL selected amenities', async () => {
    const c = await country();
    const all = await createProperty(ctx.db, {
      regionId: c.id,
      amenityIds: [amen['Butler']!, amen['Wifi']!, amen['Swimming Pool']!],
    });
    const some = await createProperty(ctx.db, { regionId: c.id, amenityIds: [amen['Wifi']!] });
    await createProperty(ctx.db, { regionId: c.id, amenityIds: [] });
    expect(await ids({ country: c.name, amenityIds: [amen['Wifi']!] })).toEqual([all.id, some.id]);
    expect(await ids({ country: c.name, amenityIds: [amen['Wifi']!, amen['Swimming Pool']!] })).toEqual([
      all.id,
    ]);
    expect(await ids({ country: c.name, amenityIds: [amen['Sea View']!] })).toEqual([]);
    expect(await ids({ country: c.name, amenityIds: [] })).toHaveLength(3);
  });

  it('maxPrice is the most per week in EUR, converting other currencies with the exchange rates', async () => {
    const c = await country();
    // 1,000 a night in each currency: weekly EUR 7,000 / USD→6,300 / GBP→8,400 / CHF→7,350.
    const eur = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'EUR',
    });
    const usd = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'USD',
    });
    const gbp = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'GBP',
    });
    const chf = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'CHF',
    });
    expect(await ids({ country: c.name, maxPrice: 6299 })).toEqual([]);
    expect(await ids({ country: c.name, maxPrice: 6300 })).toEqual([usd.id]);
    expect(await ids({ country: c.name, maxPrice: 7000 })).toEqual([eur.id, usd.id]);
    expect(await ids({ country: c.name, maxPrice: '7350' })).toEqual([eur.id, usd.id, chf.id]);
    expect(await ids({ country: c.name, maxPrice: 8400 })).toEqual([eur.id, usd.id, gbp.id, chf.id]);

    const res = await search({ country: c.name });
    const weekly = Object.fromEntries(
      (res.json() as Array<{ id: number; weeklyPriceEur: number }>).map((p) => [p.id, p.weeklyPriceEur]),
    );
    expect(weekly).toEqual({ [eur.id]: 7000, [usd.id]: 6300, [gbp.id]: 8400, [chf.id]: 7350 });
  });

  it('a changed exchange rate changes which properties fit the budget', async () => {
    const c = await country();
    const usd = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'USD',
    });
    expect(await ids({ country: c.name, maxPrice: 6500 })).toEqual([usd.id]);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      headers: { cookie: admin },
      payload: { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.95 },
    });
    expect(put.statusCode).toBe(200);
    try {
      expect(await ids({ country: c.name, maxPrice: 6500 })).toEqual([]);
    } finally {
      await setRatesToEur(ctx.db, { USD: 0.9 });
    }
  });

  it("'Price on Request' (no base price or 0) matches only when no maxPrice is given", async () => {
    const c = await country();
    const none = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: null });
    const zero = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: '0' });
    const priced = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: '100' });
    expect(await ids({ country: c.name })).toEqual([none.id, zero.id, priced.id]);
    expect(await ids({ country: c.name, maxPrice: 10_000_000 })).toEqual([priced.id]);
    const res = await search({ country: c.name });
    expect((res.json() as Array<{ weeklyPriceEur: number | null }>).map((p) => p.weeklyPriceEur)).toEqual([
      null,
      null,
      700,
    ]);
  });

  it('answers the original property fields in a stable order, with paging', async () => {
    const c = await country();
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push((await createProperty(ctx.db, { regionId: c.id, subregionId: c.sub['Nice'] })).id);
    const res = await search({ country: c.name });
    const list = res.json();
    expect(list.map((p: Result) => p.id)).toEqual(made);
    expect(list[0]).toMatchObject({
      region: c.name,
      subregion: 'Nice',
      bedrooms: 4,
      maxGuests: 8,
      basePricePerNight: 1000,
      pricePerNight: 1000,
      propertyCurrency: 'EUR',
      currency: 'EUR',
      propertyType: 'villa',
      amenities: [],
      images: [],
      available: true,
      weeklyPriceEur: 7000,
    });
    expect(list[0]).not.toHaveProperty('totalNights');
    expect(await ids({ country: c.name, limit: 2, offset: 1 })).toEqual(made.slice(1, 3));
  });
});

describe('dated search', () => {
  const stay = { checkIn: '2031-07-04', checkOut: '2031-07-11' }; // 7 nights

  it('excludes a property with one blocked night, but a blocked check-out day is fine', async () => {
    const c = await country();
    const free = await createProperty(ctx.db, { regionId: c.id });
    const blockedNight = await createProperty(ctx.db, { regionId: c.id });
    const blockedCheckout = await createProperty(ctx.db, { regionId: c.id });
    const blockedBefore = await createProperty(ctx.db, { regionId: c.id });
    const openedRow = await createProperty(ctx.db, { regionId: c.id });
    await block(ctx.db, blockedNight.id, ['2031-07-10']); // the last night
    await block(ctx.db, blockedCheckout.id, ['2031-07-11']); // the departure day
    await block(ctx.db, blockedBefore.id, ['2031-07-03']); // the night before arrival
    await block(ctx.db, openedRow.id, ['2031-07-05'], true); // an explicit "available" row
    expect(await ids({ country: c.name, ...stay })).toEqual([
      free.id,
      blockedCheckout.id,
      blockedBefore.id,
      openedRow.id,
    ]);
    // Without dates the calendar does not filter.
    expect(await ids({ country: c.name })).toContain(blockedNight.id);
  });

  it('with dates, only properties marked available; without dates all of them', async () => {
    const c = await country();
    const open = await createProperty(ctx.db, { regionId: c.id });
    const reserved = await createProperty(ctx.db, { regionId: c.id, available: false });
    expect(await ids({ country: c.name, ...stay })).toEqual([open.id]);
    expect(await ids({ country: c.name })).toEqual([open.id, reserved.id]);
  });

  it('totals use per-date prices where set and the base price elsewhere', async () => {
    const c = await country();
    const plain = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: '1000' });
    const seasonal = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: '1000' });
    await price(ctx.db, seasonal.id, ['2031-07-04', '2031-07-05'], 1500); // two nights higher
    await price(ctx.db, seasonal.id, ['2031-07-11'], 9999); // check-out day: not a night of the stay
    await price(ctx.db, seasonal.id, ['2031-07-03'], 9999); // before arrival
    const res = await search({ country: c.name, ...stay });
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json() as Result[];
    expect(a).toMatchObject({ id: plain.id, totalNights: 7, totalCost: 7000, totalCostEur: 7000 });
    expect(b).toMatchObject({ id: seasonal.id, totalNights: 7, totalCost: 8000, totalCostEur: 8000 });
  });

  it('converts per-date prices set in another currency into the property currency, and totals to EUR', async () => {
    const c = await country();
    const usd = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'USD',
    });
    // One night priced in EUR: 900 EUR = 1,000 USD at USD→EUR 0.9.
    await price(ctx.db, usd.id, ['2031-07-06'], 1800, 'EUR');
    const [r] = (await search({ country: c.name, ...stay })).json() as Result[];
    // 6 × 1,000 USD + 1,800 EUR (= 2,000 USD) = 8,000 USD = 7,200 EUR.
    expect(r).toMatchObject({ id: usd.id, totalNights: 7, totalCost: 8000, totalCostEur: 7200 });
  });

  it('maxPrice with dates compares the stay total ÷ nights × 7 in EUR', async () => {
    const c = await country();
    const p = await createProperty(ctx.db, {
      regionId: c.id,
      basePricePerNight: '1000',
      propertyCurrency: 'GBP',
    });
    // 3 nights: base 1,000 GBP but one night at 400 GBP → 2,400 GBP = 2,880 EUR → 6,720 EUR a week.
    await price(ctx.db, p.id, ['2031-08-02'], 400, 'GBP');
    const dates = { checkIn: '2031-08-01', checkOut: '2031-08-04' };
    expect(await ids({ country: c.name, ...dates, maxPrice: 6720 })).toEqual([p.id]);
    expect(await ids({ country: c.name, ...dates, maxPrice: 6719 })).toEqual([]);
    // Undated, the base price counts: 8,400 EUR a week.
    expect(await ids({ country: c.name, maxPrice: 6720 })).toEqual([]);
    const [r] = (await search({ country: c.name, ...dates })).json() as Result[];
    expect(r).toMatchObject({ totalNights: 3, totalCost: 2400, totalCostEur: 2880 });
  });

  it('Price on Request: total is null unless every night has its own price', async () => {
    const c = await country();
    const por = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: null });
    const porPriced = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: '0' });
    await price(ctx.db, por.id, ['2031-07-04'], 500);
    await price(ctx.db, porPriced.id, eachNight(stay.checkIn, stay.checkOut), 500);
    const list = (await search({ country: c.name, ...stay })).json() as Result[];
    expect(list.map((r) => [r.id, r.totalCost, r.totalCostEur])).toEqual([
      [por.id, null, null],
      [porPriced.id, 3500, 3500],
    ]);
    expect(await ids({ country: c.name, ...stay, maxPrice: 100_000 })).toEqual([porPriced.id]);
  });

  it('combines every filter at once', async () => {
    const c = await country();
    const base = {
      regionId: c.id,
      subregionId: c.sub['Nice'],
      bedrooms: 5,
      amenityIds: [amen['Wifi']!, amen['Swimming Pool']!],
      basePricePerNight: '1000',
    };
    const match = await createProperty(ctx.db, base);
    const otherDest = await createProperty(ctx.db, { ...base, subregionId: c.sub['Saint-Tropez'] });
    const small = await createProperty(ctx.db, { ...base, bedrooms: 2 });
    const noPool = await createProperty(ctx.db, { ...base, amenityIds: [amen['Wifi']!] });
    const dear = await createProperty(ctx.db, { ...base, basePricePerNight: '2000' });
    const booked = await createProperty(ctx.db, base);
    await block(ctx.db, booked.id, ['2031-07-07']);
    const filters = {
      country: c.name,
      destination: 'NICE',
      bedrooms: 4,
      amenityIds: [amen['Swimming Pool']!, amen['Wifi']!],
      maxPrice: 7000,
      ...stay,
    };
    expect(await ids(filters)).toEqual([match.id]);
    // Relax one filter at a time: each excluded villa comes back.
    expect(await ids({ ...filters, destination: undefined })).toEqual([match.id, otherDest.id]);
    expect(await ids({ ...filters, bedrooms: 2 })).toEqual([match.id, small.id]);
    expect(await ids({ ...filters, amenityIds: [amen['Wifi']!] })).toEqual([match.id, noPool.id]);
    expect(await ids({ ...filters, maxPrice: 14_000 })).toEqual([match.id, dear.id]);
    expect(await ids({ ...filters, checkIn: undefined, checkOut: undefined })).toEqual([match.id, booked.id]);
  });
});

describe('one statement per search shape', () => {
  // A search runs as its shape's prepared statement (built once, then only the values change): every
  // value must reach the statement afresh, including those a dated search derives (nights, weekday).
  it('searches of one shape with other values answer for their own values, run after run', async () => {
    const a = await country();
    const b = await country();
    const inA = await createProperty(ctx.db, { regionId: a.id, bedrooms: 3, amenityIds: [amen['Wifi']!] });
    const inB = await createProperty(ctx.db, { regionId: b.id, bedrooms: 6, amenityIds: [amen['Butler']!] });
    await block(ctx.db, inB.id, ['2031-08-03']);
    // Same shape (country + bedrooms + amenities + dates), other values each time.
    const cases = [
      {
        country: a.name,
        bedrooms: 2,
        amenity: 'Wifi',
        checkIn: '2031-08-01',
        checkOut: '2031-08-08',
        hits: [inA.id],
      },
      {
        country: b.name,
        bedrooms: 5,
        amenity: 'Butler',
        checkIn: '2031-08-01',
        checkOut: '2031-08-08',
        hits: [],
      },
      {
        country: b.name,
        bedrooms: 5,
        amenity: 'Butler',
        checkIn: '2031-08-04',
        checkOut: '2031-08-06',
        hits: [inB.id],
      },
      {
        country: a.name,
        bedrooms: 4,
        amenity: 'Wifi',
        checkIn: '2031-08-04',
        checkOut: '2031-08-06',
        hits: [],
      },
    ];
    for (let run = 0; run < 7; run++) {
      for (const { amenity, hits, ...filters } of cases) {
        expect(await ids({ ...filters, amenityIds: [amen[amenity]] }), JSON.stringify(filters)).toEqual(hits);
      }
    }
    const page = async (offset: number) =>
      (await search({ country: a.name, sort: 'price-asc', limit: 1, offset })).json() as {
        items: Result[];
        total: number;
      };
    const second = await createProperty(ctx.db, { regionId: a.id, basePricePerNight: '2000' });
    expect((await page(0)).items.map((p) => p.id)).toEqual([inA.id]);
    expect((await page(1)).items.map((p) => p.id)).toEqual([second.id]);
    // Past the last match: no row, and the total from the count statement.
    expect(await page(2)).toMatchObject({ items: [], total: 2 });
  });
});

describe('paged search', () => {
  type Card = Result & { weeklyPriceEur: number | null; excerpt: string; bedrooms: number };
  type Page = { items: Card[]; total: number; limit: number; offset: number };
  async function page(filters: Record<string, unknown>): Promise<Page> {
    const res = await search(filters);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }

  it('keeps the original array without paging fields, and answers a page of cards with them', async () => {
    const c = await country();
    const a = await createProperty(ctx.db, { regionId: c.id, description: 'x'.repeat(500) });
    expect(Array.isArray((await search({ country: c.name })).json())).toBe(true);
    const p = await page({ country: c.name, page: true });
    expect(p).toMatchObject({ total: 1, limit: 24, offset: 0 });
    expect(p.items[0]!.id).toBe(a.id);
    expect(p.items[0]).not.toHaveProperty('description');
    expect(p.items[0]!.excerpt).toBe(`${'x'.repeat(180)}...`);
  });

  it('pages every match once, in a stable order, with the total on every page', async () => {
    const c = await country();
    const made: number[] = [];
    // Equal names and bedrooms: only the id breaks the ties.
    for (let i = 0; i < 7; i++)
      made.push((await createProperty(ctx.db, { regionId: c.id, name: `${c.name} Twin` })).id);
    for (const sort of ['featured', 'price-asc', 'price-desc', 'bedrooms']) {
      const seen: number[] = [];
      for (let offset = 0; offset < 9; offset += 3) {
        const p = await page({ country: c.name, sort, limit: 3, offset });
        expect(p).toMatchObject({ total: 7, limit: 3, offset });
        seen.push(...p.items.map((x) => x.id));
      }
      expect(seen).toEqual(made);
    }
    expect(await page({ country: c.name, limit: 3, offset: 30 })).toMatchObject({ items: [], total: 7 });
  });

  it('sorts featured first then by name, by EUR weekly price (on request last) and by bedrooms', async () => {
    const c = await country();
    const mk = (v: Parameters<typeof createProperty>[1]) =>
      createProperty(ctx.db, { regionId: c.id, ...v }).then((p) => p.id);
    const cheapUsd = await mk({ name: 'B', basePricePerNight: '1000', propertyCurrency: 'USD', bedrooms: 2 });
    const onRequest = await mk({ name: 'A', basePricePerNight: null, bedrooms: 9 });
    const mid = await mk({ name: 'D', basePricePerNight: '950', bedrooms: 5 });
    const dear = await mk({ name: 'C', basePricePerNight: '3000', featured: true, bedrooms: 3 });
    const order = async (sort: string) => (await page({ country: c.name, sort })).items.map((x) => x.id);
    expect(await order('featured')).toEqual([dear, onRequest, cheapUsd, mid]);
    // 1000 USD × 0.9 = 900 EUR a night, below 950 EUR.
    expect(await order('price-asc')).toEqual([cheapUsd, mid, dear, onRequest]);
    expect(await order('price-desc')).toEqual([dear, mid, cheapUsd, onRequest]);
    expect(await order('bedrooms')).toEqual([onRequest, mid, dear, cheapUsd]);
    // The default sort of a page is 'featured'.
    expect((await page({ country: c.name, page: true })).items[0]!.id).toBe(dear);
  });

  it('with no filter pages the whole catalogue', async () => {
    const p = await page({ page: true, limit: 5 });
    const all = (await search({})).json() as Result[];
    expect(p.total).toBe(all.length);
    expect(p.items.length).toBe(Math.min(5, all.length));
  });

  it("a dated search answers the stay's weekly figure, the one the budget filter compares", async () => {
    const c = await country();
    const v = await createProperty(ctx.db, { regionId: c.id, basePricePerNight: '1000' });
    const nights = ['2031-09-01', '2031-09-02', '2031-09-03', '2031-09-04'];
    await price(ctx.db, v.id, nights.slice(0, 2), 2000); // 2 × 2000 + 2 × 1000 = 6000 for 4 nights
    const dated = { country: c.name, checkIn: '2031-09-01', checkOut: '2031-09-05' };
    const [card] = (await page({ ...dated, page: true })).items;
    expect(card).toMatchObject({ totalCost: 6000, totalNights: 4, weeklyPriceEur: 10500 });
    const [plain] = (await search(dated)).json() as Card[];
    expect(plain!.weeklyPriceEur).toBe(10500);
    expect(await ids({ ...dated, maxPrice: 10500 })).toEqual([v.id]);
    expect(await ids({ ...dated, maxPrice: 10499 })).toEqual([]);
    // Without dates: the base price × 7.
    expect((await page({ country: c.name, page: true })).items[0]!.weeklyPriceEur).toBe(7000);
  });

  it("answers exactly what zod's schema lets through, for the list and for pages, dated or not", async () => {
    const c = await country();
    const v = await createProperty(ctx.db, {
      regionId: c.id,
      subregionId: c.sub.Nice,
      amenityIds: [amen.Wifi!],
    });
    await createProperty(ctx.db, { regionId: c.id, basePricePerNight: null, propertyCurrency: 'USD' });
    await price(ctx.db, v.id, ['2031-10-01', '2031-10-02'], 1500);
    const dated = { checkIn: '2031-10-01', checkOut: '2031-10-04' };
    const shapes = [
      { country: c.name },
      { country: c.name, ...dated },
      { country: c.name, page: true },
      { country: c.name, ...dated, sort: 'price-desc' as const, limit: 1, offset: 1 },
    ];
    for (const filters of shapes) {
      // The service's own answer, through zod (strips unknown keys, checks every value) ...
      const data = await searchProperties(ctx.db, filters);
      const schema = Array.isArray(data) ? z.array(propertySchema) : propertyPageSchema;
      const expected = schema.parse(data);
      // ... is what the route writes with its compiled serializer.
      const res = await search(filters);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('q finds every word in the name or destination, ignoring case and accents', async () => {
    const c = await country(['Côte d’Azur', 'Provence']);
    const mk = (name: string, sub: string) =>
      createProperty(ctx.db, { regionId: c.id, subregionId: c.sub[sub], name: uniqueName(name) }).then(
        (p) => p.id,
      );
    const lumiere = await mk('Bastide Lumière', 'Provence');
    const aurora = await mk('Villa Aurora', 'Côte d’Azur');
    const percent = await mk('Villa 100% Sea', 'Provence');
    const q = async (text: string) =>
      (await page({ country: c.name, q: text, page: true })).items.map((x) => x.id);
    expect(await q('LUMIERE')).toEqual([lumiere]);
    expect(await q("cote d'azur")).toEqual([aurora]);
    expect(await q('villa provence')).toEqual([percent]);
    expect(await q('100%')).toEqual([percent]);
    expect(await q('1_0')).toEqual([]);
    expect((await page({ country: c.name, q: '  ', page: true })).total).toBe(3);
  });

  it.each([
    [{ limit: 0 }, 'limit must be between 1 and 100'],
    [{ limit: 101 }, 'limit must be between 1 and 100'],
    [{ limit: 2.5 }, 'limit must be a whole number'],
    [{ offset: -1 }, 'offset cannot be negative'],
    [{ sort: 'cheapest' }, 'sort must be one of featured, price-asc, price-desc, bedrooms'],
    [{ page: 'yes' }, 'page must be true or false'],
  ])('answers 400 to %j', async (body, message) => {
    const res = await search(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
