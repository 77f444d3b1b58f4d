import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { PublicWhiteLabel } from '@villas/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyImages } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { pdfPages } from '../../../test/pdf';
import { BrochureCache, brochureKey } from './white-label.brochure-cache';

const scratch = mkdtempSync(path.join(tmpdir(), 'villas-brochure-cache-'));
const uploadDir = path.join(scratch, 'uploads');
mkdirSync(path.join(uploadDir, 'images'), { recursive: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ctx = useTestContext({ UPLOAD_DIR: uploadDir, BROCHURE_RATE_LIMIT_PER_LINK: '3' });

async function webp(file: string, width: number, colour: string) {
  const data = await sharp({
    create: { width, height: Math.round(width / 1.5), channels: 3, background: colour },
  })
    .webp()
    .toBuffer();
  writeFileSync(path.join(uploadDir, 'images', file), data);
}

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

const answer = (over: Partial<PublicWhiteLabel['link']> = {}, images: string[] = []): PublicWhiteLabel => ({
  link: {
    uuid: '00000000-0000-4000-8000-000000000002',
    title: 'Summer in Provence',
    description: null,
    agentName: 'James Hartwell',
    companyName: 'Hartwell Travel',
    agentEmail: null,
    agentPhone: null,
    expiresAt: null,
    currency: 'EUR',
    stay: null,
    ...over,
  },
  properties: [
    {
      id: 1,
      name: 'Bastide des Lavandes',
      description: 'A restored bastide.',
      location: 'Gordes',
      region: null,
      subregion: null,
      bedrooms: 5,
      maxGuests: 10,
      propertyType: 'villa',
      amenities: [],
      images,
      available: true,
      price: null,
    },
  ],
});

describe('the name of a brochure', () => {
  it('is the same for the same answer, whatever the order of its keys', async () => {
    const a = answer();
    const reordered = {
      properties: a.properties,
      link: Object.fromEntries(Object.entries(a.link).reverse()),
    };
    expect(await brochureKey(a, uploadDir)).toMatch(/^[0-9a-f]{64}$/);
    expect(await brochureKey(reordered as PublicWhiteLabel, uploadDir)).toBe(await brochureKey(a, uploadDir));
  });

  it('changes with anything the brochure shows', async () => {
    const base = await brochureKey(answer(), uploadDir);
    expect(await brochureKey(answer({ title: 'Summer in Provence.' }), uploadDir)).not.toBe(base);
    const renamed = answer();
    renamed.properties[0]!.name = 'Bastide des Oliviers';
    expect(await brochureKey(renamed, uploadDir)).not.toBe(base);
  });

  it('changes when a photograph it prints changes on disk, or a smaller copy of it appears', async () => {
    const url = '/uploads/images/k1-1600.webp';
    await webp('k1-1600.webp', 1600, '#2d5566');
    const first = await brochureKey(answer({}, [url]), uploadDir);
    expect(await brochureKey(answer({}, [url]), uploadDir)).toBe(first);
    // For the cover's width (1,033 px) the renderer reads the 1200 px copy when there is one.
    await webp('k1-1200.webp', 1200, '#2d5566');
    const withCopy = await brochureKey(answer({}, [url]), uploadDir);
    expect(withCopy).not.toBe(first);
    // The same name, new content: a new size or time.
    await webp('k1-1200.webp', 1200, '#c9a56a');
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(uploadDir, 'images', 'k1-1200.webp'), later, later);
    expect(await brochureKey(answer({}, [url]), uploadDir)).not.toBe(withCopy);
  });
});

describe('the brochure cache', () => {
  const key = (n: number) => String(n).repeat(64).slice(0, 64);
  const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

  it('keeps at most its bound in bytes, the least recently used out first', async () => {
    const dir = path.join(scratch, 'lru');
    const cache = new BrochureCache(dir, 1000);
    await cache.put(key(1), bytes(400, 1));
    await cache.put(key(2), bytes(400, 2));
    // Reading the first makes the second the least recently used.
    expect(await read((await cache.get(key(1)))!.stream)).toEqual(bytes(400, 1));
    await cache.put(key(3), bytes(400, 3));
    expect(await cache.get(key(2))).toBeNull();
    expect((await cache.get(key(1)))!.size).toBe(400);
    expect((await cache.get(key(3)))!.size).toBe(400);
    expect(cache.size).toBe(800);
    const onDisk = readdirSync(dir).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
    expect(onDisk).toBeLessThanOrEqual(1000);
    // Larger than the whole bound: not kept.
    await cache.put(key(4), bytes(1001, 4));
    expect(await cache.get(key(4))).toBeNull();

    // A new process finds what the folder holds, oldest first by time of use.
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, `${key(3)}.pdf`), old, old);
    const again = new BrochureCache(dir, 1000);
    expect((await again.get(key(1)))!.size).toBe(400);
    await again.put(key(5), bytes(400, 5));
    expect(await again.get(key(3))).toBeNull();
    expect(again.size).toBe(800);
  });

  it('lives in a temporary folder without DATA_DIR, removed at close', async () => {
    const cache = new BrochureCache(null, 1000);
    await cache.put(key(6), bytes(10, 6));
    const { stream } = (await cache.get(key(6)))!;
    const file = (stream as unknown as { path?: string }).path;
    await read(stream);
    await cache.close();
    if (file) expect(existsSync(file)).toBe(false);
    expect(readdirSync(tmpdir()).some((f) => f.startsWith('villas-brochures-') && f.includes(key(6)))).toBe(
      false,
    );
  });
});

describe('brochure downloads and the cache', () => {
  let agent: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    agent = await signedIn(ctx.app, ctx.db, 'agent', { company: 'Hartwell Travel' });
  });
  const link = async (propertyIds: number[], title = 'Hartwell - Provence') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label',
      headers: { cookie: agent.cookie },
      payload: { agentId: agent.user.id, title, propertyIds },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { uuid: string }).uuid;
  };
  const download = (uuid: string, from = '127.0.0.1') =>
    ctx.app.inject({ url: `/api/white-label/${uuid}/brochure.pdf`, remoteAddress: from });

  it('serves the same brochure from the cache, and renders again once a villa shown changes', async () => {
    await webp('c1-1600.webp', 1600, '#17313a');
    const villa = await createProperty(ctx.db, { name: 'Villa Cachée' });
    await ctx.db.insert(propertyImages).values({ propertyId: villa.id, url: '/uploads/images/c1-1600.webp' });
    const uuid = await link([villa.id]);
    const start = ctx.app.brochures.stats();

    const first = await download(uuid);
    expect(first.statusCode).toBe(200);
    const second = await download(uuid);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    let now = ctx.app.brochures.stats();
    expect(now.renders - start.renders).toBe(1);
    expect(now.cacheHits - start.cacheHits).toBe(1);

    await ctx.db.update(properties).set({ name: 'Villa Renommée' }).where(eq(properties.id, villa.id));
    const changed = await download(uuid);
    expect(changed.statusCode).toBe(200);
    expect((await pdfPages(changed.rawPayload))[1]).toContain('Villa Renommée');
    now = ctx.app.brochures.stats();
    expect(now.renders - start.renders).toBe(2);
  });

  it('limits the downloads of one link, whichever addresses they come from', async () => {
    const villa = await createProperty(ctx.db);
    const uuid = await link([villa.id], 'Shared far and wide');
    for (const from of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      expect((await download(uuid, from)).statusCode).toBe(200);
    const limited = await download(uuid, '10.0.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(
      /^This brochure has been downloaded too often\. Try again in (\d+ seconds|1 minute)\.$/,
    );
    // Another link is not held back by it.
    expect((await download(await link([villa.id], 'Another'), '10.0.0.4')).statusCode).toBe(200);
  });
});
