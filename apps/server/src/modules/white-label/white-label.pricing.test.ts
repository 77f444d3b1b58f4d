import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { exchangeRates, whiteLabelLinks } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { price, setRatesToEur } from '../properties/properties.fixtures';
import { searchProperties, stayTotals } from '../properties/properties.service';

const ctx = useTestContext();

type Session = Awaited<ReturnType<typeof signedIn>>;
const agent = () => signedIn(ctx.app, ctx.db, 'agent', { company: 'Hartwell Travel' });
const as = (s: Session) => ({ cookie: s.cookie });

// A trade price that cannot be confused with any client figure: 1,234.56 a night, 8,641.92 a week.
const TRADE_NIGHTLY = '1234.56';
const TRADE_FIGURES = ['1234.56', '1,234.56', '8641.92', '8,641.92', '8641', '8,641', '8642', '8,642'];

beforeEach(async () => {
  // 1 GBP = 1.25 EUR, 1 USD = 0.8 EUR, 1 CHF = 1.0417 EUR (figures chosen to check by hand).
  await ctx.db.delete(exchangeRates);
  await setRatesToEur(ctx.db, { GBP: 1.25, USD: 0.8, CHF: 1.0417 });
});

async function create(s: Session, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/white-label', headers: as(s), payload: body });
}

async function linkWith(s: Session, propertyIds: number[], over: Record<string, unknown> = {}) {
  const res = await create(s, { agentId: s.user.id, title: 'Hartwell - Summer', propertyIds, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    uuid: string;
    currency: string;
    markupType: string;
    markupValue: number;
  };
}

const open = (uuid: string) => ctx.app.inject({ url: `/api/white-label/${uuid}` });
const patch = (s: Session, id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/white-label/${id}`, headers: as(s), payload });

describe('the agent sets a price on a link', () => {
  it('stores the currency and the markup exactly (basis points, minor units) and answers them back', async () => {
    const a = await agent();
    const v = await createProperty(ctx.db);
    const pct = await linkWith(a, [v.id], { currency: 'GBP', markupType: 'percent', markupValue: 12.5 });
    expect(pct).toMatchObject({ currency: 'GBP', markupType: 'percent', markupValue: 12.5 });
    const fixed = await linkWith(a, [v.id], { currency: 'CHF', markupType: 'fixed', markupValue: 500.25 });
    expect(fixed).toMatchObject({ currency: 'CHF', markupType: 'fixed', markupValue: 500.25 });
    const plain = await linkWith(a, [v.id]);
    expect(plain).toMatchObject({ currency: 'EUR', markupType: 'none', markupValue: 0 });

    const stored = async (id: number) =>
      (await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.id, id)))[0]!;
    expect(await stored(pct.id)).toMatchObject({ currency: 'GBP', markupType: 'percent', markupValue: 1250 });
    expect(await stored(fixed.id)).toMatchObject({
      currency: 'CHF',
      markupType: 'fixed',
      markupValue: 50025,
    });
  });

  it('refuses a price a person can correct with a 400 that says how, and stores nothing', async () => {
    const a = await agent();
    const v = await createProperty(ctx.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ markupType: 'percent', markupValue: 150 }, 'A percentage markup can be at most 100%'],
      [{ markupType: 'fixed', markupValue: 2_000_000 }, 'A fixed markup can be at most 1,000,000'],
      [{ markupType: 'fixed', markupValue: -10 }, 'Markup cannot be negative'],
      [{ markupType: 'percent', markupValue: 10.125 }, 'Markup can have at most 2 decimal places'],
      [{ markupType: 'none', markupValue: 10 }, 'Choose a percentage or a fixed amount to add a markup'],
      [{ currency: 'JPY' }, 'Currency must be one of EUR, USD, GBP, CHF'],
      [{ markupType: 'percent', markupValue: '10' }, 'Markup must be a number'],
    ];
    for (const [over, message] of cases) {
      const res = await create(a, { agentId: a.user.id, title: 'Refused', propertyIds: [v.id], ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(
      await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.agentId, a.user.id)),
    ).toHaveLength(0);
  });
});

describe('a markup is never silently zero', () => {
  it('refuses a percentage or a fixed markup left out or at 0, with a 400 on the markup field', async () => {
    const a = await agent();
    const v = await createProperty(ctx.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ markupType: 'percent' }, "Enter a percentage above 0, or choose 'Show the catalogue price'"],
      [
        { markupType: 'percent', markupValue: 0 },
        "Enter a percentage above 0, or choose 'Show the catalogue price'",
      ],
      [{ markupType: 'fixed' }, "Enter an amount above 0, or choose 'Show the catalogue price'"],
      [
        { markupType: 'fixed', markupValue: 0 },
        "Enter an amount above 0, or choose 'Show the catalogue price'",
      ],
      [{ markupType: 'catalogue', markupValue: 5 }, 'Choose a percentage or a fixed amount to add a markup'],
    ];
    for (const [over, message] of cases) {
      const res = await create(a, { agentId: a.user.id, title: 'Refused', propertyIds: [v.id], ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().issues, JSON.stringify(over)).toEqual([{ path: ['markupValue'], message }]);
      const preview = await ctx.app.inject({
        method: 'POST',
        url: '/api/white-label/price-preview',
        headers: as(a),
        payload: { propertyIds: [v.id], ...over },
      });
      expect(preview.statusCode, JSON.stringify(over)).toBe(400);
    }
    expect(
      await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.agentId, a.user.id)),
    ).toHaveLength(0);

    // An edit is checked as the link will be: a percentage chosen without a value, or set to 0, is refused.
    const link = await linkWith(a, [v.id], { markupType: 'fixed', markupValue: 300 });
    for (const payload of [{ markupType: 'percent' }, { markupValue: 0 }]) {
      const res = await patch(a, link.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0].path).toEqual(['markupValue']);
    }
    expect((await open(link.uuid)).json().properties[0].price.amount).not.toBeNull();
  });

  it("'Show the catalogue price' is a choice of its own: the catalogue price converted, nothing added", async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const link = await linkWith(a, [v.id], { currency: 'GBP', markupType: 'catalogue' });
    expect(link).toMatchObject({ currency: 'GBP', markupType: 'catalogue', markupValue: 0 });
    // Stored as the 0 % markup such links always were (migration 0008's types), no new type in the row.
    const [row] = await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.id, link.id));
    expect(row).toMatchObject({ markupType: 'percent', markupValue: 0 });
    // €7,000 a week → £5,600.
    expect((await open(link.uuid)).json().properties[0].price).toEqual({
      amount: 5600,
      currency: 'GBP',
      basis: 'week',
      nights: null,
    });
    const back = await patch(a, link.id, { markupType: 'percent', markupValue: 10 });
    expect(back.json()).toMatchObject({ markupType: 'percent', markupValue: 10 });
    expect((await open(link.uuid)).json().properties[0].price.amount).toBe(6160);
  });

  it('a link stored with a 0 % or a 0 fixed markup keeps showing its client the catalogue price', async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const pct = await linkWith(a, [v.id], { markupType: 'percent', markupValue: 10 });
    const fixed = await linkWith(a, [v.id], { markupType: 'fixed', markupValue: 300 });
    // As links made before the rule were stored.
    await ctx.db.update(whiteLabelLinks).set({ markupValue: 0 }).where(eq(whiteLabelLinks.id, pct.id));
    await ctx.db.update(whiteLabelLinks).set({ markupValue: 0 }).where(eq(whiteLabelLinks.id, fixed.id));
    for (const link of [pct, fixed]) {
      expect((await open(link.uuid)).json().properties[0].price.amount).toBe(7000);
    }
    const listed = (
      await ctx.app.inject({ url: `/api/white-label/agent/${a.user.id}`, headers: as(a) })
    ).json() as Array<{ id: number; markupType: string; markupValue: number }>;
    for (const link of [pct, fixed]) {
      expect(listed.find((l) => l.id === link.id)).toMatchObject({ markupType: 'catalogue', markupValue: 0 });
    }
    // Editing something else leaves the row and what the client sees as they were.
    const renamed = await patch(a, fixed.id, { title: 'Hartwell - Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [row] = await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.id, fixed.id));
    expect(row).toMatchObject({ markupType: 'fixed', markupValue: 0, title: 'Hartwell - Renamed' });
    expect((await open(fixed.uuid)).json().properties[0].price.amount).toBe(7000);
  });
});

describe('PATCH /api/white-label/{id}', () => {
  it("changes the price of the agent's own link; the client's page follows", async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const link = await linkWith(a, [v.id]);
    // No markup chosen: the client sees no price (neither the trade week of €7,000 nor anything else).
    const before = await open(link.uuid);
    expect(before.json().properties[0].price).toBeNull();
    expect(before.body).not.toMatch(/7000|7,000/);
    const res = await patch(a, link.id, { currency: 'GBP', markupType: 'percent', markupValue: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: link.id,
      currency: 'GBP',
      markupType: 'percent',
      markupValue: 10,
    });
    // €7,000 → £5,600, + 10 % = £6,160.
    const page = (await open(link.uuid)).json();
    expect(page.link.currency).toBe('GBP');
    expect(page.properties[0].price).toEqual({ amount: 6160, currency: 'GBP', basis: 'week', nights: null });
  });

  it('edits the other fields too, leaving out what is not sent', async () => {
    const a = await agent();
    const [v1, v2] = [await createProperty(ctx.db), await createProperty(ctx.db)];
    const link = await linkWith(a, [v1.id], { markupType: 'fixed', markupValue: 300 });
    const res = await patch(a, link.id, {
      title: 'Hartwell - Autumn',
      description: 'Two villas in Provence',
      propertyIds: [v2.id, v1.id],
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Hartwell - Autumn',
      description: 'Two villas in Provence',
      propertyIds: [v2.id, v1.id],
      propertyNames: [v2.name, v1.name],
      isActive: false,
      markupType: 'fixed',
      markupValue: 300,
    });
  });

  it("clears the markup when the type becomes 'none' and checks the price as it will be", async () => {
    const a = await agent();
    const v = await createProperty(ctx.db);
    const link = await linkWith(a, [v.id], { markupType: 'fixed', markupValue: 5000 });
    // A new type without a value starts from 0 (refused): a €5,000 fixed markup does not become 5,000 %.
    const switched = await patch(a, link.id, { markupType: 'percent' });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().message).toBe("Enter a percentage above 0, or choose 'Show the catalogue price'");
    const tooMuch = await patch(a, link.id, { markupType: 'percent', markupValue: 250 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('A percentage markup can be at most 100%');
    const none = await patch(a, link.id, { markupType: 'none' });
    expect(none.json()).toMatchObject({ markupType: 'none', markupValue: 0 });
    const empty = await patch(a, link.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Nothing to change');
  });

  it("answers 404 for another agent's link and a deleted one; an administrator may edit any", async () => {
    const a = await agent();
    const b = await agent();
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const v = await createProperty(ctx.db);
    const link = await linkWith(a, [v.id]);
    const other = await patch(b, link.id, { currency: 'USD' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Link not found');
    expect((await patch(admin, link.id, { currency: 'USD' })).json()).toMatchObject({ currency: 'USD' });
    await ctx.app.inject({ method: 'DELETE', url: `/api/white-label/${link.id}`, headers: as(a) });
    expect((await patch(a, link.id, { currency: 'EUR' })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/white-label/${link.id}`,
          payload: { currency: 'EUR' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("the client's prices on the public page", () => {
  it("shows 'from … per week' in the link currency with the markup, by the one rounding rule", async () => {
    const a = await agent();
    const eurVilla = await createProperty(ctx.db, { basePricePerNight: TRADE_NIGHTLY });
    const usdVilla = await createProperty(ctx.db, { basePricePerNight: '1000', propertyCurrency: 'USD' });
    const onRequest = await createProperty(ctx.db, { basePricePerNight: '0' });
    const noPrice = await createProperty(ctx.db, { basePricePerNight: null });
    const link = await linkWith(a, [eurVilla.id, usdVilla.id, onRequest.id, noPrice.id], {
      currency: 'GBP',
      markupType: 'percent',
      markupValue: 10,
    });
    const res = await open(link.uuid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.link).toMatchObject({ currency: 'GBP', stay: null });
    expect(body.properties.map((p: { price: unknown }) => p.price)).toEqual([
      // €8,641.92 / 1.25 = £6,913.536; × 1.1 = £7,604.8896 → £7,605 (rounded once).
      { amount: 7605, currency: 'GBP', basis: 'week', nights: null },
      // $7,000 × 0.8 = €5,600 → £4,480; × 1.1 = £4,928.
      { amount: 4928, currency: 'GBP', basis: 'week', nights: null },
      { amount: null, currency: 'GBP', basis: 'week', nights: null },
      { amount: null, currency: 'GBP', basis: 'week', nights: null },
    ]);
  });

  it("adds a fixed markup once a week without dates and never to a 'Price on Request' villa", async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const zero = await createProperty(ctx.db, { basePricePerNight: '0' });
    const link = await linkWith(a, [v.id, zero.id], {
      currency: 'EUR',
      markupType: 'fixed',
      markupValue: 499.5,
    });
    const prices = (await open(link.uuid))
      .json()
      .properties.map((p: { price: { amount: unknown } }) => p.price.amount);
    // €7,000 + €499.50 = €7,499.50 → €7,500 (half away from zero).
    expect(prices).toEqual([7500, null]);
  });

  it("prices the link's stay when its search has dates: the stay's trade total, markup once per stay", async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '1000' });
    // Three of the ten nights have their own price, one of them in GBP (£800 = €1,000 → €1,000 exactly).
    await price(ctx.db, v.id, ['2031-07-02', '2031-07-03'], 1500);
    await price(ctx.db, v.id, ['2031-07-05'], 800, 'GBP');
    const link = await linkWith(a, [v.id], {
      currency: 'USD',
      markupType: 'fixed',
      markupValue: 250,
      searchFilters: { country: 'France', checkIn: '2031-07-01', checkOut: '2031-07-11' },
    });
    const body = (await open(link.uuid)).json();
    expect(body.link.stay).toEqual({ checkIn: '2031-07-01', checkOut: '2031-07-11', nights: 10 });
    // Trade total €11,000 (7 × 1,000 + 2 × 1,500 + 1,000) → $13,750, + $250 = $14,000.
    expect(body.properties[0].price).toEqual({ amount: 14_000, currency: 'USD', basis: 'stay', nights: 10 });
  });

  it("gives 'Price on Request' (not a 5xx, not the trade figure) when no rate converts the villa's currency", async () => {
    const a = await agent();
    const usd = await createProperty(ctx.db, { basePricePerNight: '1000', propertyCurrency: 'USD' });
    const eur = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const link = await linkWith(a, [usd.id, eur.id], { currency: 'GBP', markupType: 'catalogue' });
    await ctx.db.delete(exchangeRates).where(eq(exchangeRates.fromCurrency, 'USD'));
    const res = await open(link.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().properties.map((p: { price: { amount: unknown } }) => p.price.amount)).toEqual([
      null,
      5600,
    ]);

    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label/price-preview',
      headers: as(a),
      payload: { propertyIds: [usd.id, eur.id], currency: 'GBP', markupType: 'catalogue' },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().villas).toEqual([
      expect.objectContaining({
        propertyId: usd.id,
        missingRate: true,
        villaCurrency: 'USD',
        price: expect.objectContaining({ amount: null }),
      }),
      expect.objectContaining({
        propertyId: eur.id,
        missingRate: false,
        price: expect.objectContaining({ amount: 5600 }),
      }),
    ]);
  });

  it('handles very large trade prices exactly', async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '9999999999.99' });
    const link = await linkWith(a, [v.id], { markupType: 'percent', markupValue: 100 });
    // 9,999,999,999.99 × 7 = 69,999,999,999.93; × 2 = 139,999,999,999.86 → 140,000,000,000.
    expect((await open(link.uuid)).json().properties[0].price.amount).toBe(140_000_000_000);
  });
});

describe('the trade price never reaches the client', () => {
  const ALLOWED_PROPERTY_KEYS = [
    'amenities',
    'available',
    'bedrooms',
    'description',
    'id',
    'images',
    'location',
    'maxGuests',
    'name',
    'price',
    'propertyType',
    'region',
    'subregion',
  ];
  const FORBIDDEN =
    /basePrice|dailyPricing|daily_pricing|pricePerNight|weeklyPrice|totalCost|tradePrice|rateToEur|nightly|markup/i;

  async function pricedLink() {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: TRADE_NIGHTLY });
    await price(ctx.db, v.id, ['2031-09-01'], 1234.56);
    const weekly = await linkWith(a, [v.id], { currency: 'EUR', markupType: 'percent', markupValue: 20 });
    const dated = await linkWith(a, [v.id], {
      currency: 'EUR',
      markupType: 'percent',
      markupValue: 20,
      searchFilters: { checkIn: '2031-09-01', checkOut: '2031-09-08' },
    });
    return { weekly, dated };
  }

  it('answers only the allowed fields, without any trade figure or price field name', async () => {
    const { weekly, dated } = await pricedLink();
    for (const link of [weekly, dated]) {
      const res = await open(link.uuid);
      expect(res.statusCode).toBe(200);
      for (const figure of TRADE_FIGURES) expect(res.body).not.toContain(figure);
      expect(res.body).not.toMatch(FORBIDDEN);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['link', 'properties']);
      expect(Object.keys(body.link).sort()).toEqual(
        [
          'agentEmail',
          'agentName',
          // The advisor's phone (E.164 or null), for the client to call: not a price.
          'agentPhone',
          'companyName',
          'currency',
          'description',
          'expiresAt',
          'stay',
          'title',
          'uuid',
        ].sort(),
      );
      for (const p of body.properties) {
        expect(Object.keys(p).sort()).toEqual(ALLOWED_PROPERTY_KEYS);
        expect(Object.keys(p.price).sort()).toEqual(['amount', 'basis', 'currency', 'nights']);
      }
      // €8,641.92 × 1.2 = €10,370.304 → €10,370.
      expect(body.properties[0].price.amount).toBe(10_370);
    }
  });

  describe('in the HTML the server sends for the page', () => {
    // A build of the test's own: the page's template, and a server-rendering module that writes
    // into the page everything the server hands it (the state the real one renders and embeds).
    const dist = mkdtempSync(path.join(tmpdir(), 'villas-dist-'));
    const ssr = mkdtempSync(path.join(tmpdir(), 'villas-ssr-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    const page =
      '<!doctype html><html><head><title>Villas</title></head><body><div id="root"></div></body></html>\n';
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'collection.html'), page);
    writeFileSync(
      path.join(ssr, 'entry-server.js'),
      `const page = async (url, state) => ({
         head: '', modules: [],
         body: '<main>' + JSON.stringify(state).replace(/</g, '\\\\u003c') + '</main>',
         state: '<script type="application/json" id="ssr-state">' + JSON.stringify(state).replace(/</g, '\\\\u003c') + '</script>',
       });
       export const renderApp = page;
       export const renderCollection = page;`,
    );
    let web: App;
    beforeAll(async () => {
      web = await buildApp({
        config: ctx.config,
        database: ctx.database,
        serveWeb: true,
        webDistDir: dist,
        webSsrDir: ssr,
      });
      await web.ready();
    });
    afterAll(async () => {
      await web?.close();
      rmSync(dist, { recursive: true, force: true });
      rmSync(ssr, { recursive: true, force: true });
    });

    it("carries the client's price, and no trade figure or price field name", async () => {
      const { weekly, dated } = await pricedLink();
      for (const link of [weekly, dated]) {
        const res = await web.inject({ url: `/white-label/${link.uuid}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('Hartwell - Summer');
        expect(res.body).toMatch(/"amount":(10370|12444)\b/);
        for (const figure of TRADE_FIGURES) expect(res.body).not.toContain(figure);
        expect(res.body).not.toMatch(FORBIDDEN);
      }
    });
  });
});

describe("a stay's trade total for a link is the dated search's", () => {
  it('matches the search total for prices set, converted, missing and on request', async () => {
    const stay = { checkIn: '2031-10-01', checkOut: '2031-10-09', nights: 8 };
    const a = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const b = await createProperty(ctx.db, { basePricePerNight: '900', propertyCurrency: 'GBP' });
    const c = await createProperty(ctx.db, { basePricePerNight: '0' });
    const d = await createProperty(ctx.db, { basePricePerNight: '0' });
    await price(ctx.db, a.id, ['2031-10-01', '2031-10-02'], 1333.33);
    await price(ctx.db, b.id, ['2031-10-03'], 1000, 'USD');
    await price(ctx.db, b.id, ['2031-10-04'], 777.77, 'CHF');
    await price(ctx.db, c.id, ['2031-10-01'], 500); // the other nights have no price
    const all = [
      '2031-10-01',
      '2031-10-02',
      '2031-10-03',
      '2031-10-04',
      '2031-10-05',
      '2031-10-06',
      '2031-10-07',
      '2031-10-08',
    ];
    await price(ctx.db, d.id, all, 250);
    const ids = [a.id, b.id, c.id, d.id];
    const totals = await stayTotals(ctx.db, ids, stay);
    const found = (await searchProperties(ctx.db, {
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
    })) as Array<{
      id: number;
      totalCost?: number | null;
    }>;
    for (const id of ids) {
      expect(totals.get(id), `villa ${id}`).toBe(found.find((p) => p.id === id)!.totalCost);
    }
    expect(totals.get(a.id)).toBe(8666.66);
    expect(totals.get(c.id)).toBeNull();
    expect(totals.get(d.id)).toBe(2000);
  });
});

describe('POST /api/white-label/price-preview', () => {
  it('answers what the client will see, for signed-in users only', async () => {
    const a = await agent();
    const v = await createProperty(ctx.db, { basePricePerNight: '1000' });
    const payload = {
      propertyIds: [v.id],
      currency: 'GBP',
      markupType: 'percent',
      markupValue: 10,
      searchFilters: { checkIn: '2031-06-06', checkOut: '2031-06-20' },
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label/price-preview',
      headers: as(a),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 14 nights × €1,000 = €14,000 → £11,200; × 1.1 = £12,320.
    expect(res.json()).toEqual({
      stay: { checkIn: '2031-06-06', checkOut: '2031-06-20', nights: 14 },
      villas: [
        {
          propertyId: v.id,
          name: v.name,
          villaCurrency: 'EUR',
          missingRate: false,
          price: { amount: 12_320, currency: 'GBP', basis: 'stay', nights: 14 },
        },
      ],
    });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label/price-preview',
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label/price-preview',
      headers: as(a),
      payload: { ...payload, markupValue: 101 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('A percentage markup can be at most 100%');
  });
});
