import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRates, propertyImages, users, whiteLabelLinks, whiteLabelViews } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { pdfLinks, pdfPages } from '../../../test/pdf';
import { ensureAmenities, setRatesToEur } from '../properties/properties.fixtures';
import { subsetRuns, woffToSfnt } from './white-label.brochure';
import { brochureFileName, uploadedFile } from './white-label.brochure-sources';

const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-brochure-'));
const ctx = useTestContext({ UPLOAD_DIR: uploadDir });
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

/** A stored upload as the upload pipeline names it (`/uploads/images/<id>-<width>.webp`, 480 and 960 too). */
async function storedImage(id: string, colour: string): Promise<string> {
  mkdirSync(path.join(uploadDir, 'images'), { recursive: true });
  for (const w of [480, 960, 1600]) {
    const data = await sharp({
      create: { width: w, height: Math.round(w / 1.5), channels: 3, background: colour },
    })
      .webp()
      .toBuffer();
    writeFileSync(path.join(uploadDir, 'images', `${id}-${w}.webp`), data);
  }
  return `/uploads/images/${id}-1600.webp`;
}

type Session = Awaited<ReturnType<typeof signedIn>>;
const TRADE_FIGURES = ['1234.56', '1,234.56', '8641.92', '8,641.92', '8,641', '8,642'];

let a: Session;
let amenityIds: Record<string, number>;
beforeAll(async () => {
  await ctx.db.delete(exchangeRates);
  await setRatesToEur(ctx.db, { GBP: 1.25, USD: 0.8, CHF: 1.0417 });
  a = await signedIn(ctx.app, ctx.db, 'agent', {
    firstName: 'James',
    lastName: 'Hartwell',
    company: 'Hartwell Travel',
  });
  amenityIds = await ensureAmenities(ctx.db, ['Infinity pool', 'Private chef', 'Wine cellar', 'Sea view']);
});

async function villa(name: string, over: Parameters<typeof createProperty>[1] = {}, images: string[] = []) {
  const v = await createProperty(ctx.db, {
    name,
    location: "Gordes, Provence-Alpes-Côte d'Azur",
    bedrooms: 5,
    maxGuests: 10,
    basePricePerNight: '1234.56',
    amenityIds: Object.values(amenityIds),
    description:
      'A restored bastide among lavender fields, with a long pool and a shaded terrace for dinners.',
    ...over,
  });
  if (images.length) {
    await ctx.db
      .insert(propertyImages)
      .values(images.map((url, i) => ({ propertyId: v.id, url, sortOrder: i })));
  }
  return v;
}

async function link(propertyIds: number[], over: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/white-label',
    headers: { cookie: a.cookie },
    payload: {
      agentId: a.user.id,
      title: 'Hartwell Travel - Summer in Provence',
      description: 'Three houses for the Martin family, from the Luberon to the coast.',
      propertyIds,
      currency: 'GBP',
      markupType: 'percent',
      markupValue: 10,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; uuid: string };
}

const brochure = (uuid: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/white-label/${uuid}/brochure.pdf`, headers });

describe('GET /api/white-label/{uuid}/brochure.pdf', () => {
  it("is a branded A4 PDF: a cover, then one page per villa with photos, facts, amenities and the client's price", async () => {
    const img1 = await storedImage('a1b2c3', '#2d5566');
    const img2 = await storedImage('d4e5f6', '#c9a56a');
    const bastide = await villa('Bastide des Lavandes', {}, [
      img1,
      img2,
      'https://elsewhere.example/photo.jpg',
    ]);
    const mas = await villa('Mas du Soleil', { bedrooms: 3, maxGuests: 6, propertyType: 'chalet' }, [img2]);
    const onRequest = await villa('Domaine Secret', { basePricePerNight: '0' });
    const { uuid } = await link([bastide.id, mas.id, onRequest.id]);

    const started = performance.now();
    const res = await brochure(uuid);
    const took = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Hartwell Travel - Summer in Provence.pdf"; filename*=UTF-8''Hartwell%20Travel%20-%20Summer%20in%20Provence.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(took).toBeGreaterThan(0);

    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1 + 3);
    const [cover, p1, p2, p3] = pages as [string, string, string, string];
    expect(cover).toContain('Hartwell Travel');
    expect(cover).toContain('Hartwell Travel - Summer in Provence');
    expect(cover).toContain('Three houses for the Martin family');
    expect(cover).toContain('Curated by James Hartwell, Hartwell Travel');
    expect(cover).toContain('3 RESIDENCES');

    expect(p1).toContain('Bastide des Lavandes');
    for (const fact of ['5 bedrooms', '6 bathrooms', 'Up to 10 guests', 'Villa']) expect(p1).toContain(fact);
    for (const amenity of ['Infinity pool', 'Private chef', 'Wine cellar', 'Sea view'])
      expect(p1).toContain(amenity);
    // €8,641.92 a week → £6,913.536; + 10 % = £7,604.8896 → £7,605.
    expect(p1).toMatch(/FROM[\s\S]*£7,605[\s\S]*per week/);
    expect(p2).toContain('Mas du Soleil');
    for (const fact of ['3 bedrooms', '4 bathrooms', 'Up to 6 guests', 'Chalet']) expect(p2).toContain(fact);
    expect(p2).toContain('£7,605');
    expect(p3).toContain('Domaine Secret');
    expect(p3).toContain('Price on Request');
    for (const text of pages) {
      for (const figure of TRADE_FIGURES) expect(text).not.toContain(figure);
      expect(text).not.toContain('€');
    }
  });

  it("prices a dated link's stay and names it on the cover", async () => {
    const v = await villa('Villa Les Oliviers', { basePricePerNight: '1000' });
    const { uuid } = await link([v.id], {
      currency: 'USD',
      markupType: 'fixed',
      markupValue: 500,
      searchFilters: { checkIn: '2031-08-01', checkOut: '2031-08-15' },
    });
    const pages = await pdfPages((await brochure(uuid)).rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('AUGUST 1, 2031 – AUGUST 15, 2031 · 14 NIGHTS');
    // €14,000 → $17,500, + $500 once for the stay = $18,000.
    expect(pages[1]).toContain('$18,000');
    expect(pages[1]).toContain('for 14 nights');
  });

  it("prints the advisor's phone with a call and a WhatsApp link, and nothing when it is not a valid number", async () => {
    const v = await villa('Villa Téléphone', { basePricePerNight: '1000' });
    const setPhone = (phone: string | null) =>
      ctx.db.update(users).set({ phone }).where(eq(users.id, a.user.id));
    try {
      await setPhone('+33 4 93 12 34 56');
      const withPhone = await link([v.id], { title: 'Hartwell - Phone' });
      const pdf = (await brochure(withPhone.uuid)).rawPayload;
      const [cover, page] = (await pdfPages(pdf)) as [string, string];
      expect(cover).toContain('+33 4 93 12 34 56 · WhatsApp');
      // The villa page's footer: name, e-mail, phone and WhatsApp on one line.
      expect(page).toContain(`James Hartwell · ${a.user.email} · +33 4 93 12 34 56 · WhatsApp`);
      const links = await pdfLinks(pdf);
      for (const onPage of links) {
        expect(onPage).toEqual(expect.arrayContaining(['tel:+33493123456', 'https://wa.me/33493123456']));
      }

      await setPhone('04 93 12 34 56');
      const noPhone = await link([v.id], { title: 'Hartwell - No phone' });
      const pdf2 = (await brochure(noPhone.uuid)).rawPayload;
      for (const text of await pdfPages(pdf2)) expect(text).not.toMatch(/93 12 34 56|WhatsApp/);
      for (const onPage of await pdfLinks(pdf2))
        expect(onPage.filter((u) => /^tel:|wa\.me/.test(u))).toEqual([]);
    } finally {
      await setPhone(null);
    }
  });

  it('writes names outside Western European letters in the same typefaces', async () => {
    const v = await villa('Vila Šipan – Łódź Ćevapi', { basePricePerNight: '1000' });
    const { uuid } = await link([v.id], {
      title: 'Hartwell - Dalmatia & Poland',
      currency: 'EUR',
      markupValue: 0,
      markupType: 'none',
    });
    const res = await brochure(uuid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Hartwell - Dalmatia & Poland.pdf"');
    const pages = await pdfPages(res.rawPayload);
    expect(pages[1]).toContain('Vila Šipan – Łódź Ćevapi');
    // A link without a markup shows no price, in the brochure as on the page.
    expect(pages[1]).not.toMatch(/7,000|Price on Request|per week/);
  });

  it('answers 404 like the page for unknown, inactive, expired and deleted links, and is not a view', async () => {
    const v = await villa('Villa Hidden');
    const inactive = await link([v.id], { isActive: false });
    const expired = await link([v.id]);
    await ctx.db
      .update(whiteLabelLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(whiteLabelLinks.id, expired.id));
    const deleted = await link([v.id]);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/white-label/${deleted.id}`,
      headers: { cookie: a.cookie },
    });
    for (const uuid of [
      inactive.uuid,
      expired.uuid,
      deleted.uuid,
      '00000000-0000-4000-8000-000000000000',
      'nope',
    ]) {
      const res = await brochure(uuid);
      expect(res.statusCode, uuid).toBe(404);
      expect(res.json().message).toBe('Link not found');
    }
    const live = await link([v.id]);
    expect((await brochure(live.uuid)).statusCode).toBe(200);
    expect(
      await ctx.db.select().from(whiteLabelViews).where(eq(whiteLabelViews.linkId, live.id)),
    ).toHaveLength(0);
  });
});

describe('brochure helpers', () => {
  it('reads photographs only from the upload folder', () => {
    expect(uploadedFile('/uploads/images/a-960.webp', '/srv/up')).toBe('/srv/up/images/a-960.webp');
    expect(uploadedFile('/uploads/../../etc/passwd', '/srv/up')).toBeNull();
    expect(uploadedFile('/uploads/%2e%2e/secret.key', '/srv/up')).toBeNull();
    expect(uploadedFile('https://elsewhere.example/a.jpg', '/srv/up')).toBeNull();
    expect(uploadedFile('/etc/passwd', '/srv/up')).toBeNull();
  });

  it('makes a safe file name from the title', () => {
    expect(brochureFileName('Hartwell Travel - Summer in Provence')).toBe(
      'Hartwell Travel - Summer in Provence.pdf',
    );
    expect(brochureFileName('Côte d’Azur: "Best" / 2031')).toBe('Cote d Azur Best 2031.pdf');
    expect(brochureFileName('../..')).toBe('Brochure.pdf');
    expect(brochureFileName('\r\nX-Injected: 1')).toBe('X-Injected 1.pdf');
  });

  it('splits text into runs of the latin and latin-ext font subsets', () => {
    expect(subsetRuns('Villa Azur €1')).toEqual([{ ext: false, text: 'Villa Azur €1' }]);
    expect(subsetRuns('Vila Šipan')).toEqual([
      { ext: false, text: 'Vila ' },
      { ext: true, text: 'Š' },
      { ext: false, text: 'ipan' },
    ]);
  });

  it('unwraps a WOFF font into the TrueType file it holds, every table intact', () => {
    const woff = readFileSync(
      createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
    );
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    expect(sfnt.length).toBeGreaterThanOrEqual(woff.readUInt32BE(16) - 3 * numTables);
    for (let i = 0; i < numTables; i++) {
      // Same tag and length as the WOFF directory says; the offsets point inside the file.
      expect(sfnt.subarray(12 + 16 * i, 16 + 16 * i)).toEqual(woff.subarray(44 + 20 * i, 48 + 20 * i));
      expect(sfnt.readUInt32BE(24 + 16 * i)).toBe(woff.readUInt32BE(56 + 20 * i));
      expect(sfnt.readUInt32BE(20 + 16 * i) + sfnt.readUInt32BE(24 + 16 * i)).toBeLessThanOrEqual(
        sfnt.length,
      );
    }
    expect(() => woffToSfnt(Buffer.from('not a font at all, not at all'))).toThrow('not a WOFF font');
  });
});
