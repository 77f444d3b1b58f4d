import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  amenities,
  availability,
  dailyPricing,
  inquiries,
  properties,
  propertyImages,
  whiteLabelLinks,
} from '@villas/db/schema';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { block, ensureAmenities, price, uniqueName } from './properties.fixtures';

const ctx = useTestContext();
const ensureAmenitiesReturning = (name: string) => ctx.db.insert(amenities).values({ name }).returning();
let admin = '';
let agent = '';
let agentId = 0;
let amen: Record<string, number> = {};
let regionName = '';

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const a = await signedIn(ctx.app, ctx.db, 'agent');
  agent = a.cookie;
  agentId = a.user.id;
  amen = await ensureAmenities(ctx.db, ['Wifi', 'Swimming Pool', 'Butler', 'Sea View']);
  regionName = uniqueName('France');
  await createRegion(ctx.db, regionName, ['French Riviera', 'Provence']);
});

const payload = (over: Record<string, unknown> = {}) => ({
  name: 'Villa Les Roches',
  region: regionName,
  subregion: 'French Riviera',
  description: 'A cliff-top villa above Cap Ferrat with an infinity pool.',
  bedrooms: 6,
  maxGuests: 12,
  basePricePerNight: 15000,
  propertyCurrency: 'EUR',
  propertyType: 'villa',
  amenities: ['Swimming Pool', 'wifi'],
  images: ['https://images.example.com/a.jpg', '/uploads/b.webp'],
  available: true,
  ...over,
});

const post = (body: unknown, cookie = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/properties', headers: { cookie }, payload: body as object });
const put = (id: number, body: unknown, cookie = admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/properties/${id}`,
    headers: { cookie },
    payload: body as object,
  });
const del = (id: number, cookie = admin) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/properties/${id}`, headers: { cookie } });
const get = (url: string, cookie: string | null = agent) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('POST /api/properties', () => {
  it('creates the property: names resolved to ids, location derived, images in order', async () => {
    const res = await post(payload());
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      name: 'Villa Les Roches',
      region: regionName,
      subregion: 'French Riviera',
      location: `${regionName}, French Riviera`,
      bedrooms: 6,
      maxGuests: 12,
      basePricePerNight: 15000,
      pricePerNight: 15000,
      propertyCurrency: 'EUR',
      currency: 'EUR',
      siteCurrency: 'EUR',
      propertyType: 'villa',
      amenityIds: [amen['Swimming Pool'], amen['Wifi']],
      amenities: ['Swimming Pool', 'Wifi'],
      images: ['https://images.example.com/a.jpg', '/uploads/b.webp'],
      available: true,
      weeklyPriceEur: 105000,
    });
    expect(typeof p.regionId).toBe('number');
    expect(typeof p.subregionId).toBe('number');
    // And it reads back the same.
    const again = await get(`/api/properties/${p.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(p);
  });

  it('applies the form defaults and accepts the older names pricePerNight and currency', async () => {
    const res = await post({
      name: 'Chalet Blanc',
      description: 'Ski-in/ski-out chalet.',
      region: regionName.toUpperCase(),
      pricePerNight: 2000,
      currency: 'CHF',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      region: regionName,
      subregion: null,
      location: regionName,
      bedrooms: 1,
      maxGuests: 2,
      basePricePerNight: 2000,
      propertyCurrency: 'CHF',
      propertyType: 'villa',
      available: true,
      amenities: [],
      images: [],
    });
  });

  it('keeps a location that is sent, and takes amenities as ids', async () => {
    const res = await post(
      payload({
        location: 'Cap Ferrat',
        amenities: undefined,
        amenityIds: [amen['Butler'], amen['Sea View']],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ location: 'Cap Ferrat', amenities: ['Butler', 'Sea View'] });
  });

  it('stores the custom prices of the form in the property currency', async () => {
    const res = await post(
      payload({ propertyCurrency: 'USD', customPricing: { '2031-08-01': 20000, '2031-08-02': 21000 } }),
    );
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.select().from(dailyPricing).where(eq(dailyPricing.propertyId, res.json().id));
    expect(rows.map((r) => [r.date, Number(r.price), r.currency]).sort()).toEqual([
      ['2031-08-01', 20000, 'USD'],
      ['2031-08-02', 21000, 'USD'],
    ]);
  });

  it.each([
    [{ name: '  ' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ description: '' }, 'Description is required'],
    [{ region: '' }, 'Region is required'],
    [{ bedrooms: 0 }, 'Bedrooms must be at least 1'],
    [{ bedrooms: 2.5 }, 'Bedrooms must be a whole number'],
    [{ maxGuests: 0 }, 'Max guests must be at least 1'],
    [{ basePricePerNight: -1 }, 'Base price cannot be negative'],
    [{ propertyCurrency: 'JPY' }, 'Currency must be one of EUR, USD, GBP, CHF'],
    [{ propertyType: 'castle' }, 'Property type must be one of villa, chalet, private-island'],
    [{ images: ['javascript:alert(1)'] }, 'Image URLs must start with https://, http:// or /'],
    [{ customPricing: { '2031-02-30': 100 } }, 'Use a real calendar date in the form yyyy-MM-dd'],
  ])('rejects %j with 400 and a message', async (over, message) => {
    const res = await post(payload(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 400 naming an unknown region, subregion or amenity, and writes nothing', async () => {
    const before = (await ctx.db.select().from(properties)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ region: 'Atlantis' }, 'Unknown region "Atlantis"'],
      [{ subregion: 'Tuscany' }, `Unknown subregion "Tuscany" in ${regionName}`],
      [{ amenities: ['Wifi', 'Moat', 'Dragon'] }, 'Unknown amenities: Moat, Dragon'],
      [{ amenities: undefined, amenityIds: [amen['Wifi'], 999999] }, 'Unknown amenity ids: 999999'],
    ];
    for (const [over, message] of cases) {
      const res = await post(payload(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await ctx.db.select().from(properties)).length).toBe(before);
  });

  it('a subregion of another region is unknown in this one', async () => {
    const other = await createRegion(ctx.db, uniqueName('Italy'), ['Tuscany']);
    expect(other.subregions).toHaveLength(1);
    const res = await post(payload({ subregion: 'Tuscany' }));
    expect(res.statusCode).toBe(400);
  });

  it('is for admins only: 401 anonymous, 403 for an agent', async () => {
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/properties', payload: payload() });
    expect(anon.statusCode).toBe(401);
    const res = await post(payload(), agent);
    expect(res.statusCode).toBe(403);
  });
  it('lists amenity names in the order sent and drops ids of amenities no longer in the catalogue', async () => {
    const [gone] = await ensureAmenitiesReturning(uniqueName('Moat'));
    const res = await post(payload({ amenities: ['Sea View', gone!.name, 'Butler'] }));
    expect(res.json().amenities).toEqual(['Sea View', gone!.name, 'Butler']);
    await ctx.db.delete(amenities).where(eq(amenities.id, gone!.id));
    const after = (await get(`/api/properties/${res.json().id}`)).json();
    expect(after.amenities).toEqual(['Sea View', 'Butler']);
  });
});

describe('GET /api/properties/:id and /api/properties/featured', () => {
  it('reads one property for signed-in users; 404 unknown, 400 non-numeric, 401 anonymous', async () => {
    const p = await createProperty(ctx.db);
    expect((await get(`/api/properties/${p.id}`)).json()).toMatchObject({ id: p.id, name: p.name });
    const missing = await get('/api/properties/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Property not found');
    expect((await get('/api/properties/abc')).statusCode).toBe(400);
    expect((await get(`/api/properties/${p.id}`, null)).statusCode).toBe(401);
  });

  it('answers 404 while no property is featured, then the featured villa to anyone', async () => {
    expect((await get('/api/properties/featured', null)).statusCode).toBe(404);
    const created = (await post(payload({ name: 'Villa Éphémère' }))).json();
    await ctx.db.update(properties).set({ featured: true }).where(eq(properties.id, created.id));
    const res = await get('/api/properties/featured', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: created.id,
      name: 'Villa Éphémère',
      location: `${regionName}, French Riviera`,
      description: created.description,
      bedrooms: 6,
      maxGuests: 12,
      propertyType: 'villa',
      basePricePerNight: 15000,
      currency: 'EUR',
      images: created.images,
      amenities: ['Swimming Pool', 'Wifi'],
    });
    await ctx.db.update(properties).set({ featured: false }).where(eq(properties.id, created.id));
  });
});

describe('PUT /api/properties/:id', () => {
  it('changes only the fields sent', async () => {
    const created = (await post(payload({ bedrooms: 5, available: false, propertyType: 'chalet' }))).json();
    const res = await put(created.id, { name: 'Villa Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Villa Renamed');
    expect(res.json()).toMatchObject({
      bedrooms: 5,
      available: false,
      propertyType: 'chalet',
      basePricePerNight: 15000,
      amenities: ['Swimming Pool', 'Wifi'],
      images: created.images,
      location: created.location,
    });
  });

  it('moves the property: region and subregion re-resolved and the location follows', async () => {
    const created = (await post(payload())).json();
    const res = await put(created.id, { region: regionName, subregion: 'provence' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subregion: 'Provence', location: `${regionName}, Provence` });
    const bad = await put(created.id, { subregion: 'Nowhere' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`Unknown subregion "Nowhere" in ${regionName}`);
  });

  it('replaces images in the order sent, and updates price, currency, amenities and custom prices', async () => {
    const created = (await post(payload())).json();
    const res = await put(created.id, {
      images: ['/uploads/c.webp', 'https://images.example.com/a.jpg'],
      pricePerNight: 900,
      currency: 'GBP',
      amenities: ['Butler'],
      customPricing: { '2031-09-01': 1200 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      images: ['/uploads/c.webp', 'https://images.example.com/a.jpg'],
      basePricePerNight: 900,
      propertyCurrency: 'GBP',
      amenities: ['Butler'],
    });
    const imgs = await ctx.db.select().from(propertyImages).where(eq(propertyImages.propertyId, created.id));
    expect(imgs).toHaveLength(2);
    const [row] = await ctx.db.select().from(dailyPricing).where(eq(dailyPricing.propertyId, created.id));
    expect(row).toMatchObject({ date: '2031-09-01', currency: 'GBP' });
    // Price on Request: null clears the price.
    const por = await put(created.id, { basePricePerNight: null });
    expect(por.json()).toMatchObject({ basePricePerNight: null, weeklyPriceEur: null });
  });

  it('validates like create, and answers 404 for an unknown property and 403 for agents', async () => {
    const created = (await post(payload())).json();
    const bad = await put(created.id, { maxGuests: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Max guests must be at least 1');
    const unknownAmenity = await put(created.id, { amenities: ['Moat'] });
    expect(unknownAmenity.json().message).toBe('Unknown amenities: Moat');
    expect((await put(999999, { name: 'X' })).statusCode).toBe(404);
    expect((await put(created.id, { name: 'X' }, agent)).statusCode).toBe(403);
    // Nothing changed through the failed calls.
    expect((await get(`/api/properties/${created.id}`)).json()).toMatchObject({
      maxGuests: 12,
      name: created.name,
    });
  });
});

describe('DELETE /api/properties/:id', () => {
  it('removes images, prices and availability, keeps inquiries and drops the id from white-label links', async () => {
    const created = (await post(payload())).json();
    const keep = await createProperty(ctx.db);
    await price(ctx.db, created.id, ['2031-07-01', '2031-07-02'], 20000);
    await block(ctx.db, created.id, ['2031-07-03']);
    const [inquiry] = await ctx.db
      .insert(inquiries)
      .values({
        kind: 'booking',
        propertyId: created.id,
        firstName: 'Claire',
        lastName: 'Dubois',
        email: 'claire@example.com',
        message: 'Is it free in July?',
      })
      .returning();
    const [link] = await ctx.db
      .insert(whiteLabelLinks)
      .values({
        uuid: crypto.randomUUID(),
        agentId,
        title: 'Riviera - Ada',
        propertyIds: [keep.id, created.id, keep.id],
      })
      .returning();

    const res = await del(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect(await ctx.db.select().from(properties).where(eq(properties.id, created.id))).toEqual([]);
    expect(
      await ctx.db.select().from(propertyImages).where(eq(propertyImages.propertyId, created.id)),
    ).toEqual([]);
    expect(await ctx.db.select().from(dailyPricing).where(eq(dailyPricing.propertyId, created.id))).toEqual(
      [],
    );
    expect(await ctx.db.select().from(availability).where(eq(availability.propertyId, created.id))).toEqual(
      [],
    );
    const [kept] = await ctx.db.select().from(inquiries).where(eq(inquiries.id, inquiry!.id));
    expect(kept).toMatchObject({ propertyId: null, message: 'Is it free in July?' });
    const [after] = await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.id, link!.id));
    expect(after!.propertyIds).toEqual([keep.id, keep.id]);
    expect((await get(`/api/properties/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown property, 403 for an agent, 401 anonymous', async () => {
    const p = await createProperty(ctx.db);
    expect((await del(999999)).statusCode).toBe(404);
    expect((await del(p.id, agent)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/properties/${p.id}` })).statusCode).toBe(401);
    expect((await get(`/api/properties/${p.id}`)).statusCode).toBe(200);
  });
});
