import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, AMENITY_CATALOGUE, todayIso } from '@villas/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  amenities,
  apiConnections,
  availability,
  dailyPricing,
  inquiries,
  properties,
  propertyImages,
  regions,
  subregions,
} from '@villas/db/schema';
import { startFakeInvenio, type FakeInvenio } from '../../../../test/fakes/invenio';
import { signedIn } from '../../../../test/factories';
import { bombPng } from '../../../../test/images';
import { useTestContext } from '../../../../test/helpers';
import { ImageUploadService } from '../../uploads/uploads.service';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'villas-invenio-'));
// The fake starts first: the app's allow-list names its port, and a port nothing listens on (a
// connection refused).
let fake: FakeInvenio;
let closedPort = 0;
beforeAll(async () => {
  fake = await startFakeInvenio();
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
const ctx = useTestContext(() => ({
  OUTBOUND_ALLOW_HOSTS: `${fake.host},127.0.0.1:${closedPort}`,
  // Long enough for the 26 MB 'oversized' answer to stream past its cap on two busy cores; the
  // fake's 'slow' mode (3 s) and slow photo (4 s) stay past it.
  OUTBOUND_TIMEOUT_MS: '2500',
  UPLOAD_DIR: uploadDir,
}));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
let admin = '';
let connectionId = 0;
const today = todayIso();

const PINS = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c01';
const EDELWEISS = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c02';
const KALIMA = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c03';
const SERENA = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c04';

interface Report {
  id: number;
  status: string;
  jobType: string;
  duration: number;
  propertiesProcessed: number;
  changesDetected: number;
  newImagesCount: number;
  calendarUpdates: number;
  errorMessage: string | null;
  propertyChanges: Array<{
    propertyName: string;
    changeType: string;
    changeDescription: string;
    newImageCount: number;
  }>;
  errors: Array<{ message: string; propertyName: string | null }>;
}

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  await ctx.db
    .insert(amenities)
    .values(Object.values(AMENITY_CATALOGUE).flatMap((names) => names.map((name) => ({ name }))))
    .onConflictDoNothing();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-connections',
    headers: { cookie: admin },
    payload: {
      provider: 'invenio',
      name: 'Invenio (fake)',
      apiKey: fake.apiKey,
      apiSecret: fake.bpUuid,
      baseUrl: fake.url,
      enabled: true,
    },
  });
  connectionId = res.json().id;
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => fake.reset());

async function report(id: number): Promise<Report> {
  const res = await ctx.app.inject({ url: `/api/admin/sync-reports/${id}`, headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function finished(id: number): Promise<Report> {
  return vi.waitFor(
    async () => {
      const r = await report(id);
      if (r.status === 'running') throw new Error(`report ${id} still running`);
      return r;
    },
    { timeout: 10_000, interval: 25 },
  );
}

async function startSync(id = connectionId) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/api-connections/${id}/sync`,
    headers: { cookie: admin },
  });
}

async function sync(): Promise<Report> {
  const res = await startSync();
  expect(res.statusCode, res.body).toBe(202);
  return finished(res.json().reportId);
}

async function property(externalId: string) {
  const [row] = await ctx.db
    .select()
    .from(properties)
    .where(and(eq(properties.externalProvider, 'invenio'), eq(properties.externalId, externalId)));
  return row!;
}

async function blockedNights(propertyId: number) {
  const rows = await ctx.db
    .select({ date: availability.date })
    .from(availability)
    .where(and(eq(availability.propertyId, propertyId), eq(availability.available, false)))
    .orderBy(asc(availability.date));
  return rows.map((r) => r.date);
}

async function price(propertyId: number, date: string) {
  const [row] = await ctx.db
    .select()
    .from(dailyPricing)
    .where(and(eq(dailyPricing.propertyId, propertyId), eq(dailyPricing.date, date)));
  return row ? { price: Number(row.price), currency: row.currency } : undefined;
}

/** A villa's images in order: our URL and the provider's URL it was downloaded from. */
async function images(propertyId: number) {
  return ctx.db
    .select({ url: propertyImages.url, sourceUrl: propertyImages.sourceUrl })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.sortOrder), asc(propertyImages.id));
}

/** The file behind one of our image URLs (`/uploads/images/<name>`). */
const fileOf = (url: string) => path.join(uploadDir, 'images', url.slice('/uploads/images/'.length));
const STORED = /^\/uploads\/images\/[a-f0-9]{32}-\d+\.webp$/;
const isWebp = (file: string) => {
  const head = readFileSync(file).subarray(0, 12);
  return head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
};

/** Waits for a best-effort clean-up (files are removed after the villa's transaction, unawaited). */
const gone = (file: string) => expect.poll(() => existsSync(file), { timeout: 2_000 }).toBe(false);

const d = (n: number) => addDays(today, n);
const nights = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => d(from + i));

describe('Test Invenio API panel', () => {
  const creds = () => ({ apiKey: fake.apiKey, apiSecret: fake.bpUuid, baseUrl: fake.url });

  it('asks for the key and the BP UUID', async () => {
    for (const payload of [{}, { apiKey: 'k' }, { apiSecret: 's', baseUrl: 'https://x.test' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/invenio/villas',
        headers: { cookie: admin },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please provide API Key and BP UUID');
    }
  });

  it('lists villas with the api-key and bp_uuid headers, POSTing to the documented path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/villas',
      headers: { cookie: admin },
      payload: creds(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, count: 4 });
    expect(res.json().data.map((v: { v_uuid: string }) => v.v_uuid)).toEqual([
      PINS,
      EDELWEISS,
      KALIMA,
      SERENA,
    ]);
    expect(res.json().data[1]).toMatchObject({
      bedrooms: 5,
      sleeps: 10,
      features: expect.arrayContaining(['Sauna']),
    });
    expect(fake.calls).toEqual([
      { path: '/plapi/getdata/api_villa_list', apiKey: fake.apiKey, bpUuid: fake.bpUuid, param: undefined },
    ]);
  });

  it('searches availability with the filters as the param array, and reads prices', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/search',
      headers: { cookie: admin },
      payload: { ...creds(), from_date: d(10), to_date: d(17), min_bedrooms: '6', destination_name: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((v: { name: string }) => v.name)).toEqual([
      'Villa Les Pins Bleus',
      'Villa Kalima',
    ]);
    expect(fake.calls.at(-1)!.param).toEqual([{ from_date: d(10), to_date: d(17), min_bedrooms: 6 }]);

    const pricing = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/pricing',
      headers: { cookie: admin },
      payload: { ...creds(), filters: { v_uuid: PINS } },
    });
    expect(pricing.statusCode, pricing.body).toBe(200);
    expect(pricing.json().data[PINS][0]).toMatchObject({
      start_date: d(1),
      amount: 5000,
      currency_code: 'EUR',
    });
  });

  it('answers every provider failure alike (no port scanner), the cause in the log', async () => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const port = new URL(fake.url).port;
    const failures: Array<[string, () => void, Record<string, string>, RegExp]> = [
      ['wrong key', () => undefined, { apiKey: 'wrong-key' }, /HTTP error! status: 401/],
      ['server error', () => (fake.failure = '500'), {}, /HTTP error! status: 500/],
      ['time-out', () => (fake.failure = 'slow'), {}, /did not answer in time/],
      ['not found', () => fake.broken.add('/plapi/getdata/api_villa_list'), {}, /HTTP error! status: 404/],
      ['refused', () => undefined, { baseUrl: `http://127.0.0.1:${closedPort}` }, /ECONNREFUSED/],
      ['TLS', () => undefined, { baseUrl: `https://127.0.0.1:${port}` }, /EPROTO|SSL|TLS/],
      ['private address', () => undefined, { baseUrl: 'http://169.254.169.254' }, /not allowed/],
      ['port not allowed', () => undefined, { baseUrl: 'http://127.0.0.1:5432' }, /not allowed/],
      [
        'no such name',
        () => undefined,
        { baseUrl: 'http://no-such-host.invalid' },
        /ENOTFOUND|EAI_AGAIN|did not answer/,
      ],
    ];
    try {
      for (const [what, arrange, payload, cause] of failures) {
        fake.reset();
        arrange();
        warn.mockClear();
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/invenio/villas',
          headers: { cookie: admin },
          payload: { ...creds(), ...payload },
        });
        expect(res.statusCode, what).toBe(502);
        const { requestId, ...body } = res.json();
        expect(requestId).toEqual(expect.any(String));
        expect(body, what).toEqual({
          code: 'UPSTREAM_ERROR',
          message:
            'Could not reach the provider. Check the address, the port, the API key and that this server can reach the network.',
        });
        expect(warn, what).toHaveBeenCalledWith(
          expect.objectContaining({ cause: expect.stringMatching(cause) }),
          'a provider call failed',
        );
      }
    } finally {
      warn.mockRestore();
    }
  });
});

describe('Invenio sync', () => {
  it('creates the villas with destinations, amenities, photos, daily prices and blocked nights', async () => {
    const r = await sync();
    expect(r).toMatchObject({
      status: 'completed',
      jobType: 'invenio-sync',
      propertiesProcessed: 4,
      changesDetected: 4,
      newImagesCount: 8,
      errors: [],
    });
    expect(r.calendarUpdates).toBeGreaterThan(0);
    expect(r.propertyChanges.map((c) => [c.propertyName, c.changeType])).toEqual([
      ['Villa Les Pins Bleus', 'created'],
      ['Chalet Edelweiss', 'created'],
      ['Villa Kalima', 'created'],
      ['Casa Serena', 'created'],
    ]);

    const pins = await property(PINS);
    expect(pins).toMatchObject({
      name: 'Villa Les Pins Bleus',
      bedrooms: 6,
      maxGuests: 12,
      location: "France, Côte d'Azur",
      basePricePerNight: '5000.00',
      propertyCurrency: 'EUR',
      available: true,
      icalUrl: `${fake.url}/ical/pins-bleus.ics`,
    });
    const [region] = await ctx.db.select().from(regions).where(eq(regions.id, pins.regionId!));
    const [sub] = await ctx.db.select().from(subregions).where(eq(subregions.id, pins.subregionId!));
    expect([region!.name, sub!.name]).toEqual(['France', "Côte d'Azur"]);
    const names = await ctx.db
      .select({ name: amenities.name })
      .from(amenities)
      .where(inArray(amenities.id, pins.amenityIds));
    expect(names.map((n) => n.name).sort()).toEqual(
      ['Air Conditioning', 'Alarm', 'BBQ', 'Private Chef', 'Sea View', 'Swimming Pool', 'Wifi'].sort(),
    );
    // Photos are downloaded once each and re-hosted through the upload pipeline, in the provider's
    // order: our WebP files, each row remembering the provider's URL.
    expect([...fake.photoRequests].sort()).toEqual(
      [
        'pins-bleus-pool.jpg',
        'pins-bleus-terrace.jpg',
        'pins-bleus-master.jpg',
        'edelweiss-lounge.jpg',
        'edelweiss-spa.jpg',
        'kalima-sunset.jpg',
        'kalima-suite.jpg',
        'serena-garden.jpg',
      ].sort(),
    );
    const pinsImages = await images(pins.id);
    expect(pinsImages.map((i) => i.sourceUrl)).toEqual([
      `${fake.url}/photos/pins-bleus-pool.jpg`,
      `${fake.url}/photos/pins-bleus-terrace.jpg`,
      `${fake.url}/photos/pins-bleus-master.jpg`,
    ]);
    for (const { url } of pinsImages) {
      expect(url).toMatch(STORED);
      expect(isWebp(fileOf(url)), url).toBe(true);
    }
    expect(new Set(pinsImages.map((i) => i.url)).size).toBe(3);
    // The public answer carries our URLs, never the provider's.
    const publicPins = await ctx.app.inject({
      url: `/api/properties/${pins.id}`,
      headers: { cookie: admin },
    });
    expect(publicPins.json().images).toEqual(pinsImages.map((i) => i.url));

    // Price periods → nightly prices, both period dates included, in the period's currency.
    expect(await price(pins.id, d(1))).toEqual({ price: 5000, currency: 'EUR' });
    expect(await price(pins.id, d(30))).toEqual({ price: 5000, currency: 'EUR' });
    expect(await price(pins.id, d(31))).toEqual({ price: 7500.5, currency: 'EUR' });
    expect(await price(pins.id, d(61))).toBeUndefined();
    expect(await price(pins.id, today)).toBeUndefined();
    const edelweiss = await property(EDELWEISS);
    expect(await price(edelweiss.id, d(5))).toEqual({ price: 6000, currency: 'CHF' });
    expect(edelweiss.propertyCurrency).toBe('CHF');
    const kalima = await property(KALIMA);
    expect(await price(kalima.id, d(1))).toEqual({ price: 4200, currency: 'USD' });
    // Price on request: no nightly prices, no base price.
    const serena = await property(SERENA);
    expect(serena.basePricePerNight).toBeNull();
    expect(await price(serena.id, d(1))).toBeUndefined();

    // Blocked nights from each villa's iCal: DTEND exclusive; Vrbo's tentative hold blocks; a
    // cancelled event does not.
    expect(await blockedNights(pins.id)).toEqual([...nights(10, 14), ...nights(20, 25)]);
    expect(await blockedNights(edelweiss.id)).toEqual(nights(3, 6));
    expect(await blockedNights(kalima.id)).toEqual([...nights(7, 9), ...nights(15, 18)]);
    expect(await blockedNights(serena.id)).toEqual([]);

    const conn = (await ctx.app.inject({ url: '/api/admin/api-connections', headers: { cookie: admin } }))
      .json()
      .find((c: { id: number }) => c.id === connectionId);
    expect(conn.propertyCount).toBe(4);
    expect(conn.lastSync).not.toBeNull();
  });

  it('changes nothing and reports zero changes on a second run with the same data', async () => {
    const before = await ctx.db.select().from(properties).where(eq(properties.externalProvider, 'invenio'));
    const imagesBefore = await ctx.db.select().from(propertyImages).orderBy(asc(propertyImages.id));
    const r = await sync();
    expect(r).toMatchObject({
      status: 'completed',
      propertiesProcessed: 4,
      changesDetected: 0,
      newImagesCount: 0,
      calendarUpdates: 0,
      propertyChanges: [],
      errors: [],
    });
    const after = await ctx.db.select().from(properties).where(eq(properties.externalProvider, 'invenio'));
    expect(after.map((p) => [p.id, p.updatedAt.getTime()])).toEqual(
      before.map((p) => [p.id, p.updatedAt.getTime()]),
    );
    // No photo downloaded again; the image rows are the same rows.
    expect(fake.photoRequests).toEqual([]);
    expect(await ctx.db.select().from(propertyImages).orderBy(asc(propertyImages.id))).toEqual(imagesBefore);
    const count = await ctx.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.externalProvider, 'invenio'));
    expect(count).toHaveLength(4);
  });

  it('reports what changed: a price, a new photo, a cancelled booking (its nights released)', async () => {
    (fake.priceData[PINS] as Array<{ amount: number }>)[1]!.amount = 8000;
    (fake.villas[2]!.photos as string[]).push(`${fake.url}/photos/kalima-pool.jpg`);
    // The 'Reserved' stay disappears from the Airbnb feed: a cancellation.
    fake.calendars.set(
      'pins-bleus',
      fake.calendars.get('pins-bleus')!.replace(/BEGIN:VEVENT\r\nDESCRIPTION[\s\S]*?END:VEVENT\r\n/, ''),
    );
    const r = await sync();
    expect(r.status).toBe('completed');
    expect(r.errors).toEqual([]);
    expect(r.changesDetected).toBe(2);
    expect(r.newImagesCount).toBe(1);
    expect(r.calendarUpdates).toBe(30 + 5);
    const pinsChange = r.propertyChanges.find((c) => c.propertyName === 'Villa Les Pins Bleus')!;
    expect(pinsChange.changeType).toBe('updated');
    expect(pinsChange.changeDescription).toMatch(/Prices of 30 nights/);
    expect(pinsChange.changeDescription).toMatch(/5 nights released/);
    const kalimaChange = r.propertyChanges.find((c) => c.propertyName === 'Villa Kalima')!;
    expect(kalimaChange).toMatchObject({ changeDescription: 'Photos: 1 new', newImageCount: 1 });
    expect(fake.photoRequests).toEqual(['kalima-pool.jpg']);

    const pins = await property(PINS);
    expect(await price(pins.id, d(31))).toEqual({ price: 8000, currency: 'EUR' });
    expect(await blockedNights(pins.id)).toEqual(nights(10, 14));
  });

  it('downloads only a new photo and removes a dropped one with its files, in the provider order', async () => {
    const pins = await property(PINS);
    const before = await images(pins.id);
    const [pool, terrace, master] = before;
    fake.villas[0]!.photos = [
      `${fake.url}/photos/pins-bleus-master.jpg`,
      `${fake.url}/photos/pins-bleus-garden.jpg`,
      `${fake.url}/photos/pins-bleus-pool.jpg`,
    ];
    const r = await sync();
    expect(r.errors).toEqual([]);
    expect(fake.photoRequests).toEqual(['pins-bleus-garden.jpg']);
    const change = r.propertyChanges.find((c) => c.propertyName === 'Villa Les Pins Bleus')!;
    // (Its prices and nights also go back to the recorded ones the previous test changed.)
    expect(change.changeDescription).toMatch(/^Photos: 1 new, 1 removed(;|$)/);
    expect(change.newImageCount).toBe(1);
    const after = await images(pins.id);
    expect(after.map((i) => i.sourceUrl)).toEqual(fake.villas[0]!.photos);
    expect(after[0]!.url).toBe(master!.url);
    expect(after[2]!.url).toBe(pool!.url);
    expect(after[1]!.url).toMatch(STORED);
    expect(isWebp(fileOf(after[1]!.url))).toBe(true);
    await gone(fileOf(terrace!.url));
    expect(existsSync(fileOf(pool!.url))).toBe(true);

    // Back to the recorded list: the terrace is downloaded again, the garden goes.
    fake.reset();
    const back = await sync();
    expect(fake.photoRequests).toEqual(['pins-bleus-terrace.jpg']);
    expect(back.errors).toEqual([]);
    await gone(fileOf(after[1]!.url));
    expect((await images(pins.id)).map((i) => i.sourceUrl)).toEqual(fake.villas[0]!.photos);
  });

  it('keeps synced photos through an admin save; an admin-typed URL has no source and the next sync drops it', async () => {
    const pins = await property(PINS);
    const synced = await images(pins.id);
    const typed = 'https://images.example.com/typed-by-hand.jpg';
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${pins.id}`,
      headers: { cookie: admin },
      payload: { images: [...synced.map((i) => i.url), typed] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await images(pins.id)).toEqual([...synced, { url: typed, sourceUrl: null }]);

    const r = await sync();
    expect(r.errors).toEqual([]);
    expect(fake.photoRequests).toEqual([]);
    expect(r.propertyChanges.find((c) => c.propertyName === 'Villa Les Pins Bleus')).toMatchObject({
      changeDescription: 'Photos: 0 new, 1 removed',
      newImageCount: 0,
    });
    expect(await images(pins.id)).toEqual(synced);
  });

  it('keeps the file of a dropped photo while another property still shows it', async () => {
    const pins = await property(PINS);
    const serena = await property(SERENA);
    const [pool] = await images(pins.id);
    const serenaImages = await images(serena.id);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/properties/${serena.id}`,
      headers: { cookie: admin },
      payload: { images: [...serenaImages.map((i) => i.url), pool!.url] },
    });
    expect(res.statusCode, res.body).toBe(200);
    fake.villas[0]!.photos = (fake.villas[0]!.photos as string[]).slice(1);
    const remove = vi.spyOn(ImageUploadService.prototype, 'remove');
    try {
      const r = await sync();
      expect(r.errors).toEqual([]);
      expect((await images(pins.id)).map((i) => i.url)).not.toContain(pool!.url);
      // A run asks for every removal before its report completes (the files go later): none names it.
      expect(remove.mock.calls.flat(2)).not.toContain(pool!.url);
      expect(existsSync(fileOf(pool!.url))).toBe(true);
    } finally {
      remove.mockRestore();
    }
  });

  it('never touches nights an admin blocked by hand, and never exports imported ones', async () => {
    const pins = await property(PINS);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/availability/bulk',
      headers: { cookie: admin },
      payload: { propertyId: pins.id, dates: [d(12), d(40)], available: false, notes: 'Owner' },
    });
    // The feed drops every event, the one covering d+12 too: the hand-set night stays blocked.
    fake.calendars.set(
      'pins-bleus',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN\r\nEND:VCALENDAR\r\n',
    );
    const r = await sync();
    expect(r.errors).toEqual([]);
    expect(await blockedNights(pins.id)).toEqual([d(12), d(40)]);
    const exp = await ctx.app.inject({
      url: `/api/admin/properties/${pins.id}/ical-export`,
      headers: { cookie: admin },
    });
    const ics = (await ctx.app.inject({ url: exp.json().path })).body;
    expect(ics).toContain(`DTSTART;VALUE=DATE:${d(12).replaceAll('-', '')}`);
    expect(ics).not.toContain(`DTSTART;VALUE=DATE:${d(10).replaceAll('-', '')}`);
  });

  it('marks a villa that vanished from the list unavailable, keeping it and its inquiries', async () => {
    const serena = await property(SERENA);
    await ctx.db.insert(inquiries).values({
      kind: 'booking',
      propertyId: serena.id,
      propertyName: serena.name,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
    });
    fake.villas = fake.villas.filter((v) => v.v_uuid !== SERENA);
    const r = await sync();
    expect(r.status).toBe('completed');
    expect(r.propertyChanges.filter((c) => c.changeType === 'unavailable')).toEqual([
      expect.objectContaining({ propertyName: 'Casa Serena', changeType: 'unavailable' }),
    ]);
    const after = await property(SERENA);
    expect(after.available).toBe(false);
    const kept = await ctx.db.select().from(inquiries).where(eq(inquiries.propertyId, serena.id));
    expect(kept).toHaveLength(1);
    // A second run: nothing new to report.
    expect((await sync()).changesDetected).toBe(0);
    // It comes back: available again.
    fake.reset();
    const back = await sync();
    expect(back.propertyChanges).toEqual([
      expect.objectContaining({
        propertyName: 'Casa Serena',
        changeDescription: expect.stringMatching(/available again/),
      }),
    ]);
    expect((await property(SERENA)).available).toBe(true);
  });

  it.each([
    ['401', 'HTTP error! status: 401'],
    ['500', 'HTTP error! status: 500'],
    ['slow', 'Invenio did not answer in time'],
    ['malformed', 'Invenio answered with malformed JSON'],
    ['oversized', "Invenio's answer is too large"],
  ] as const)('ends as a failed report when the list fails (%s), writing nothing', async (mode, message) => {
    const before = await ctx.db.select().from(properties).where(eq(properties.externalProvider, 'invenio'));
    fake.failure = mode;
    fake.villas[0]!.name = 'Renamed while failing';
    const r = await sync();
    expect(r.status).toBe('failed');
    expect(r.errorMessage).toContain(message);
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringContaining(message)]);
    const after = await ctx.db.select().from(properties).where(eq(properties.externalProvider, 'invenio'));
    expect(after).toEqual(before);
  });

  it('completes with an error when only the prices fail, leaving prices as they were', async () => {
    fake.failure = '500';
    fake.failOn = 'price';
    (fake.priceData[PINS] as Array<{ amount: number }>)[0]!.amount = 1;
    const r = await sync();
    expect(r.status).toBe('completed');
    expect(r.errors).toEqual([
      {
        message: 'Prices could not be read, so none were changed: HTTP error! status: 500',
        propertyName: null,
      },
    ]);
    expect(await price((await property(PINS)).id, d(1))).toEqual({ price: 5000, currency: 'EUR' });
  });

  it('records a photo or a calendar that answers 404 as an error of that villa, the rest written', async () => {
    (fake.villas[1]!.photos as Array<{ url: string }>).push({ url: `${fake.url}/photos/edelweiss-gone.jpg` });
    fake.broken.add('/photos/edelweiss-gone.jpg');
    fake.broken.add('/ical/kalima.ics');
    fake.villas[2]!.bedrooms = 8;
    const kalima = await property(KALIMA);
    const edelweissImages = await images((await property(EDELWEISS)).id);
    const blockedBefore = await blockedNights(kalima.id);
    const r = await sync();
    expect(r.status).toBe('completed');
    expect(fake.photoRequests).toEqual(['edelweiss-gone.jpg']);
    expect(await images((await property(EDELWEISS)).id)).toEqual(edelweissImages);
    expect(r.errors).toEqual([
      {
        propertyName: 'Chalet Edelweiss',
        message: `Photo ${fake.url}/photos/edelweiss-gone.jpg could not be read: HTTP error! status: 404`,
      },
      {
        propertyName: 'Villa Kalima',
        message: 'Calendar not updated: The calendar answered HTTP error! status: 404',
      },
    ]);
    expect((await property(KALIMA)).bedrooms).toBe(8);
    expect(await blockedNights(kalima.id)).toEqual(blockedBefore);
    const feeds = await ctx.app.inject({
      url: `/api/admin/properties/${kalima.id}/ical-feeds`,
      headers: { cookie: admin },
    });
    expect(feeds.json()[0]).toMatchObject({ label: 'Invenio', lastStatus: 'error', connectionId });
  });

  it('skips a photo that is not an image, too large, too slow, a decompression bomb or a sliver; the villa still syncs', async () => {
    const edelweiss = await property(EDELWEISS);
    const before = await images(edelweiss.id);
    const photo = (name: string) => `${fake.url}/photos/${name}`;
    fake.photoAnswers.set('edelweiss-page.jpg', {
      type: 'text/html',
      body: '<html><body>Moved</body></html>',
    });
    fake.photoAnswers.set('edelweiss-huge.jpg', { type: 'image/jpeg', body: Buffer.alloc(11 * 1024 * 1024) });
    fake.photoAnswers.set('edelweiss-slow.jpg', { type: 'image/jpeg', body: 'late', delayMs: 4000 });
    fake.photoAnswers.set('edelweiss-bomb.png', { type: 'image/png', body: bombPng(8000, 8000) });
    // Refused from their headers: a side past 16,383 px, and sides further apart than 1:50.
    fake.photoAnswers.set('edelweiss-sliver.png', { type: 'image/png', body: bombPng(1, 40_000) });
    fake.photoAnswers.set('edelweiss-narrow.png', { type: 'image/png', body: bombPng(10, 600) });
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    fake.photoAnswers.set('edelweiss-cut.jpg', {
      type: 'image/jpeg',
      body: jpeg.subarray(0, jpeg.length >> 1),
    });
    const added = [
      'edelweiss-page.jpg',
      'edelweiss-huge.jpg',
      'edelweiss-slow.jpg',
      'edelweiss-bomb.png',
      'edelweiss-sliver.png',
      'edelweiss-narrow.png',
      'edelweiss-new.jpg',
    ];
    (fake.villas[1]!.photos as Array<{ url: string }>).push(...added.map((name) => ({ url: photo(name) })));
    fake.villas[1]!.bedrooms = 7;

    const r = await sync();
    expect(r.status).toBe('completed');
    expect(r.errors).toEqual([
      {
        propertyName: 'Chalet Edelweiss',
        message: `Photo ${photo('edelweiss-page.jpg')} is not a JPEG, PNG or WebP image`,
      },
      {
        propertyName: 'Chalet Edelweiss',
        message: `Photo ${photo('edelweiss-huge.jpg')} could not be read: The photo host's answer is too large (The answer is larger than 10240 KB)`,
      },
      {
        propertyName: 'Chalet Edelweiss',
        message: expect.stringMatching(
          new RegExp(
            `^Photo ${photo('edelweiss-slow.jpg')} could not be read: The photo host did not answer in time`,
          ),
        ),
      },
      {
        propertyName: 'Chalet Edelweiss',
        message: `Photo ${photo('edelweiss-bomb.png')} is too large to process (over 40 megapixels)`,
      },
      {
        propertyName: 'Chalet Edelweiss',
        message: `Photo ${photo('edelweiss-sliver.png')} is too large to process (a side over 16383 pixels)`,
      },
      {
        propertyName: 'Chalet Edelweiss',
        message: `Photo ${photo('edelweiss-narrow.png')} is too long and narrow to process (a side over 50 times the other)`,
      },
    ]);
    // The rest of the villa is written, with the photo that worked after the ones that did not.
    const after = await property(EDELWEISS);
    expect(after.bedrooms).toBe(7);
    const now = await images(edelweiss.id);
    expect(now.map((i) => i.sourceUrl)).toEqual([
      ...before.map((i) => i.sourceUrl),
      photo('edelweiss-new.jpg'),
    ]);
    expect(now.slice(0, before.length)).toEqual(before);
    expect(r.propertyChanges.find((c) => c.propertyName === 'Chalet Edelweiss')).toMatchObject({
      changeDescription: 'Changed: bedrooms; Photos: 1 new',
      newImageCount: 1,
    });

    // A damaged image (cut off after its header) is refused too; the skipped ones are tried again.
    fake.photoRequests = [];
    (fake.villas[1]!.photos as Array<{ url: string }>).push({ url: photo('edelweiss-cut.jpg') });
    fake.photoAnswers.set('edelweiss-page.jpg', { type: 'image/jpeg', body: jpeg });
    const again = await sync();
    expect(again.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('edelweiss-huge.jpg could not be read'),
      expect.stringContaining('edelweiss-slow.jpg could not be read'),
      expect.stringContaining('edelweiss-bomb.png is too large to process'),
      expect.stringContaining('edelweiss-sliver.png is too large to process'),
      expect.stringContaining('edelweiss-narrow.png is too long and narrow'),
      `Photo ${photo('edelweiss-cut.jpg')} could not be decoded (damaged or cut off)`,
    ]);
    expect(fake.photoRequests.sort()).toEqual(
      [
        'edelweiss-page.jpg',
        'edelweiss-huge.jpg',
        'edelweiss-slow.jpg',
        'edelweiss-bomb.png',
        'edelweiss-sliver.png',
        'edelweiss-narrow.png',
        'edelweiss-cut.jpg',
      ].sort(),
    );
  });

  it('leaves a villa untouched when writing it fails, records the error and goes on', async () => {
    const edelweiss = await property(EDELWEISS);
    fake.villas[1]!.name = 'Chalet Edelweiss (renamed)';
    // A price the database cannot hold fails this villa's transaction half-way.
    (fake.priceData[EDELWEISS] as Array<{ amount: number }>)[0]!.amount = 1e13;
    fake.villas[0]!.sleeps = 13;
    const r = await sync();
    expect(r.status).toBe('completed');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({
      propertyName: 'Chalet Edelweiss (renamed)',
      message: expect.stringMatching(/^Not updated: /),
    });
    expect(await property(EDELWEISS)).toEqual(edelweiss);
    expect((await property(PINS)).maxGuests).toBe(13);
  });

  it('runs one sync of a connection at a time: a second start is refused with 409', async () => {
    fake.delayMs = 300;
    const [a, b] = await Promise.all([startSync(), startSync()]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([202, 409]);
    const refused = a.statusCode === 409 ? a : b;
    const started = a.statusCode === 202 ? a : b;
    expect(refused.json()).toMatchObject({
      code: 'SYNC_RUNNING',
      message: 'A sync of Invenio (fake) is already running. Wait for it to finish.',
      details: { reportId: started.json().reportId },
    });
    expect((await finished(started.json().reportId)).status).toBe('completed');
    // Once it ended, the next one may start.
    expect((await startSync()).statusCode).toBe(202);
    await ctx.app.inject({ url: '/api/admin/sync-reports?limit=1', headers: { cookie: admin } });
  });

  it('syncs from the test panel with typed-in credentials: {success, synced, updated}', async () => {
    await finished((await latest()).id);
    fake.villas[3]!.description = 'A lemon-grove estate above Positano, now with a new pool.';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/sync',
      headers: { cookie: admin },
      payload: { apiKey: fake.apiKey, apiSecret: fake.bpUuid, baseUrl: fake.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      synced: 0,
      updated: 1,
      count: 4,
      reportId: expect.any(Number),
    });
    expect((await report(res.json().reportId)).jobType).toBe('invenio-sync');
    fake.failure = '401';
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/sync',
      headers: { cookie: admin },
      payload: { apiKey: fake.apiKey, apiSecret: fake.bpUuid, baseUrl: fake.url },
    });
    // The answer says what to check; the run's report (admin only) holds the cause.
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: expect.stringMatching(/^Could not reach the provider\. Check the address, the port/),
      details: { reportId: expect.any(Number) },
    });
    const failedReport = await report(failed.json().details.reportId);
    expect(failedReport).toMatchObject({ status: 'failed', jobType: 'invenio-sync' });
    expect(failedReport.errorMessage).toContain('HTTP error! status: 401');
  });

  it('starts a comprehensive sync at once (202) and shows its progress while it runs', async () => {
    fake.delayMs = 400;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/trigger-comprehensive-sync',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(202);
    const running = await report(res.json().reportId);
    expect(running).toMatchObject({ status: 'running', jobType: 'comprehensive' });
    expect(running.duration).toBeGreaterThanOrEqual(0);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/trigger-comprehensive-sync',
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(409);
    const done = await finished(res.json().reportId);
    expect(done.status).toBe('completed');
    expect(done.propertiesProcessed).toBeGreaterThanOrEqual(4);
    const list = await ctx.app.inject({ url: '/api/admin/sync-reports', headers: { cookie: admin } });
    expect(list.json()[0]).toMatchObject({ id: res.json().reportId, status: 'completed' });
    const stats = await ctx.app.inject({ url: '/api/admin/sync-stats', headers: { cookie: admin } });
    expect(stats.json()).toMatchObject({
      running: 0,
      connections: { total: 1, enabled: 1 },
      syncedProperties: 4,
    });
  });

  it('lets the panel use a saved connection (not while disabled); a syncing connection cannot be deleted', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/villas',
      headers: { cookie: admin },
      payload: { connectionId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().count).toBe(4);

    fake.delayMs = 300;
    const started = await startSync();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-connections/${connectionId}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('SYNC_RUNNING');
    await finished(started.json().reportId);

    const patch = (enabled: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/api-connections/${connectionId}`,
        headers: { cookie: admin },
        payload: { enabled },
      });
    await patch(false);
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/sync',
      headers: { cookie: admin },
      payload: { connectionId },
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe('This connection is disabled. Enable it before syncing.');
    await patch(true);
  });

  it('never overwrites a night held for an agent: the provider’s booking over it waits for the hold to go', async () => {
    const pins = await property(PINS);
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    const [inquiry] = await ctx.db
      .insert(inquiries)
      .values({
        kind: 'booking',
        agentId: agent.user.id,
        propertyId: pins.id,
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana.silva@example.com',
        checkIn: d(200),
        checkOut: d(203),
      })
      .returning();
    const held = await ctx.app.inject({
      method: 'POST',
      url: '/api/holds',
      headers: { cookie: agent.cookie },
      payload: { inquiryId: inquiry!.id },
    });
    expect(held.statusCode, held.body).toBe(201);
    const source = `hold:${held.json().id}`;
    // The villa's calendar on the provider now has a booking over the last two held nights and two more.
    const ymd = (iso: string) => iso.replaceAll('-', '');
    fake.calendars.set(
      'pins-bleus',
      fake.calendars
        .get('pins-bleus')!
        .replace(
          'END:VCALENDAR',
          `BEGIN:VEVENT\r\nUID:held-night-test\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:${ymd(d(201))}\r\nDTEND;VALUE=DATE:${ymd(d(205))}\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR`,
        ),
    );
    const nights = [d(200), d(201), d(202), d(203), d(204)];
    const sources = async () => {
      const rows = await ctx.db
        .select({ date: availability.date, source: availability.source })
        .from(availability)
        .where(and(eq(availability.propertyId, pins.id), inArray(availability.date, nights)));
      return Object.fromEntries(rows.map((r) => [r.date, r.source]));
    };
    expect((await sync()).status).toBe('completed');
    const imported = (await sources())[d(203)];
    expect(imported).toMatch(/^ical:\d+$/);
    expect(await sources()).toEqual({
      [d(200)]: source,
      [d(201)]: source,
      [d(202)]: source,
      [d(203)]: imported,
      [d(204)]: imported,
    });
    // Released, the held nights the provider still books are blocked for its calendar at once.
    const release = await ctx.app.inject({
      method: 'POST',
      url: `/api/holds/${held.json().id}/release`,
      headers: { cookie: agent.cookie },
    });
    expect(release.statusCode).toBe(200);
    expect(await sources()).toEqual({
      [d(201)]: imported,
      [d(202)]: imported,
      [d(203)]: imported,
      [d(204)]: imported,
    });
  });

  it('deleting the connection keeps its villas and releases the nights its calendars blocked', async () => {
    const pins = await property(PINS);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-connections/${connectionId}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(await property(PINS)).toMatchObject({ id: pins.id, name: 'Villa Les Pins Bleus' });
    expect(await blockedNights(pins.id)).toEqual([d(12), d(40)]);
    expect(await ctx.db.select().from(apiConnections).where(eq(apiConnections.id, connectionId))).toEqual([]);
  });
});

async function latest() {
  const res = await ctx.app.inject({ url: '/api/admin/sync-reports?limit=1', headers: { cookie: admin } });
  return res.json()[0] as { id: number };
}
