import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyImages } from '@villas/db/schema';
import { signedIn } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { downloadAll, probe } from '../../../test/http-clients';
import { pdfPages } from '../../../test/pdf';
import { ensureAmenities } from '../properties/properties.fixtures';

/**
 * Brochure downloads under attack, through real HTTP on a listening server: rendering happens in
 * the worker thread, so the server keeps answering everything else while brochures are made.
 */

const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-brochure-load-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

let ctx: TestContext;
let base: string;
let agent: Awaited<ReturnType<typeof signedIn>>;
let villaIds: number[];

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_DIR: uploadDir, BROCHURE_QUEUE_MAX: '3' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  agent = await signedIn(ctx.app, ctx.db, 'agent', { company: 'Hartwell Travel' });

  // Six stored photographs (as the upload pipeline names them, at three widths), three on each villa:
  // noise, blurred, which costs the encoders what a photograph does.
  mkdirSync(path.join(uploadDir, 'images'), { recursive: true });
  const urls: string[] = [];
  for (let i = 0; i < 6; i++) {
    for (const w of [480, 960, 1600]) {
      const data = await sharp({
        create: {
          width: w,
          height: Math.round(w / 1.5),
          channels: 3,
          background: '#000000',
          noise: { type: 'gaussian', mean: 100 + 10 * i, sigma: 60 },
        },
      })
        .blur(8)
        .webp()
        .toBuffer();
      writeFileSync(path.join(uploadDir, 'images', `p${i}-${w}.webp`), data);
    }
    urls.push(`/uploads/images/p${i}-1600.webp`);
  }
  const amenityIds = Object.values(
    await ensureAmenities(ctx.db, [
      'Infinity pool',
      'Private chef',
      'Wine cellar',
      'Sea view',
      'Tennis court',
      'Home cinema',
      'Gym',
      'Sauna',
      'Boat mooring',
      'Helipad',
    ]),
  );
  // Written out as a villa's page is: a long description and ten amenities.
  const description = Array.from(
    { length: 6 },
    () =>
      'A restored bastide above the sea, with a long pool among olive trees, a shaded terrace for ' +
      'dinners and a path down to a private cove.',
  ).join(' ');
  const rows = await ctx.db
    .insert(properties)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        name: `Villa Load ${i + 1}`,
        description,
        amenityIds,
        bedrooms: 3 + (i % 5),
        maxGuests: 6 + (i % 8),
        basePricePerNight: String(800 + i * 10),
        propertyCurrency: 'EUR' as const,
      })),
    )
    .returning({ id: properties.id });
  villaIds = rows.map((r) => r.id);
  await ctx.db
    .insert(propertyImages)
    .values(
      villaIds.flatMap((id, i) =>
        [0, 1, 2].map((k) => ({ propertyId: id, url: urls[(i + k) % 6]!, sortOrder: k })),
      ),
    );
}, 120_000);
afterAll(async () => ctx?.close());

async function link(propertyIds: number[], title: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/white-label',
    headers: { cookie: agent.cookie },
    payload: {
      agentId: agent.user.id,
      title,
      propertyIds,
      currency: 'EUR',
      markupType: 'percent',
      markupValue: 5,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { uuid: string }).uuid;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.99 * sorted.length) - 1]!;
};

const brochureUrl = (uuid: string) => `${base}/api/white-label/${uuid}/brochure.pdf`;

describe('brochure downloads under load', () => {
  // /healthz is timed on a 2-core machine the render worker and the test's own clients share: one
  // retry, so a scheduling hiccup is not taken for a regression (a server that stalls fails twice).
  // Each attempt's link has its own title, so its brochure is not in the cache yet.
  let attempt = 0;
  it(
    'renders a 100-villa brochure once for 40 simultaneous downloads, and /healthz stays fast',
    { retry: 1 },
    async () => {
      const uuid = await link(villaIds, `A hundred houses (${++attempt})`);
      // The worker already up: run from the sources, its start compiles the renderer under tsx, which
      // the built server does not (the start itself is measured by the bench, on the bundle).
      expect((await fetch(brochureUrl(await link(villaIds.slice(0, 1), 'Warm-up')))).status).toBe(200);
      const before = ctx.app.brochures.stats().renders;
      const health = await probe(`${base}/healthz`);
      const results = await downloadAll(Array.from({ length: 40 }, () => brochureUrl(uuid)));
      const answers = await health.stop();

      expect(ctx.app.brochures.stats().renders - before).toBe(1);
      expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
      // One render shared: the same bytes forty times, and they are the brochure.
      for (const r of results) expect(r.body.equals(results[0]!.body)).toBe(true);
      const pages = await pdfPages(results[0]!.body);
      expect(pages).toHaveLength(101);
      expect(pages[1]).toContain('Villa Load 1');
      expect(pages[100]).toContain('Villa Load 100');

      expect(answers.length).toBeGreaterThanOrEqual(50);
      expect(answers.filter((h) => h.status !== 200)).toEqual([]);
      expect(p99(answers.map((h) => h.ms))).toBeLessThan(200);
    },
  );

  let round = 0;
  it(
    'answers 40 downloads of 40 different links with a PDF or a 503 with Retry-After, /healthz all along',
    { retry: 1 },
    async () => {
      round++;
      // Forty links of 30 villas each, every one a brochure of its own.
      const uuids: string[] = [];
      for (let i = 0; i < 40; i++)
        uuids.push(await link(villaIds.slice(i, i + 30), `Link ${i + 1} of 40 (${round})`));
      const before = ctx.app.brochures.stats();
      const health = await probe(`${base}/healthz`);
      const results = await downloadAll(uuids.map(brochureUrl));
      const answers = await health.stop();

      const pdfs = results.filter((r) => r.status === 200);
      const busy = results.filter((r) => r.status === 503);
      expect(pdfs.length + busy.length).toBe(40);
      // One worker and three waiting: the rest are refused at once, told when to come back.
      expect(pdfs.length).toBeGreaterThanOrEqual(4);
      expect(busy.length).toBeGreaterThan(0);
      expect(ctx.app.brochures.stats().refused - before.refused).toBe(busy.length);
      for (const r of busy) {
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        const body = JSON.parse(r.body.toString('utf8')) as { code: string; message: string };
        expect(body.code).toBe('SERVICE_UNAVAILABLE');
        expect(body.message).toMatch(
          /^Too many brochures are being prepared right now\. Try again in \d+ (second|minute)s?\.$/,
        );
      }
      for (const r of pdfs) {
        const index = uuids.indexOf(/\/api\/white-label\/([^/]+)\//.exec(r.url)![1]!);
        const pages = await pdfPages(r.body);
        expect(pages).toHaveLength(31);
        expect(pages[0]).toContain(`Link ${index + 1} of 40`);
      }

      expect(answers.length).toBeGreaterThanOrEqual(20);
      expect(answers.filter((h) => h.status !== 200)).toEqual([]);
    },
  );
});
