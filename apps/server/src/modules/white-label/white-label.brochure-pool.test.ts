import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublicWhiteLabel } from '@villas/shared';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../lib/errors';
import { pdfPages } from '../../../test/pdf';
import { BrochurePool, type BrochurePoolOptions } from './white-label.brochure-pool';

/** A link's answer with no villas: a brochure of one page, the cover. */
const answer = (title: string): PublicWhiteLabel => ({
  link: {
    uuid: '00000000-0000-4000-8000-000000000001',
    title,
    description: null,
    agentName: 'James Hartwell',
    companyName: 'Hartwell Travel',
    agentEmail: null,
    agentPhone: null,
    expiresAt: null,
    currency: 'EUR',
    stay: null,
  },
  properties: [],
});

const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-brochure-pool-'));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

/** A one-villa answer whose photograph is a stored upload: the worker converts it with sharp. */
async function withPhoto(title: string): Promise<PublicWhiteLabel> {
  mkdirSync(path.join(uploadDir, 'images'), { recursive: true });
  await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#2d5566' } })
    .webp()
    .toFile(path.join(uploadDir, 'images', 'pool-1600.webp'));
  return {
    ...answer(title),
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
        images: ['/uploads/images/pool-1600.webp'],
        available: true,
        price: null,
      },
    ],
  };
}

const pools: BrochurePool[] = [];
const pool = (opts: Partial<BrochurePoolOptions> = {}) => {
  const p = new BrochurePool({
    workers: 1,
    workerHeapMb: 128,
    queueMax: 2,
    renderTimeoutMs: 60_000,
    ...opts,
  });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe('the brochure worker pool', () => {
  it('starts its worker with the first brochure, with its own heap limit, and lets it go when idle', async () => {
    const p = pool({ idleMs: 300 });
    expect(p.stats().threads).toBe(0);
    const pdf = await p.render(await withPhoto('Summer in Provence'), uploadDir);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Summer in Provence');
    // The photograph is in it (converted by sharp in the worker).
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    expect(p.stats()).toMatchObject({ renders: 1, threads: 1, workerHeapMb: 128 });
    expect(await until(() => p.stats().threads === 0)).toBe(true);
    // And starts one again for the next, which loads the image library again.
    const again = await p.render(await withPhoto('Again'), uploadDir);
    expect((await pdfPages(again))[0]).toContain('Again');
    expect(again.includes('/Subtype /Image')).toBe(true);
    expect(p.stats().renders).toBe(2);
  });

  it('refuses a render at once when the queue is full: 503 with the seconds to wait', async () => {
    const p = pool({ queueMax: 1 });
    const first = p.render(answer('One'), '/nonexistent');
    const second = p.render(answer('Two'), '/nonexistent');
    const third = p.render(answer('Three'), '/nonexistent');
    await expect(third).rejects.toThrow(ServiceUnavailableError);
    const err = (await third.catch((e: unknown) => e)) as ServiceUnavailableError;
    expect(err.statusCode).toBe(503);
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(err.message).toMatch(/^Too many brochures are being prepared right now\. Try again in /);
    await Promise.all([first, second]);
    expect(p.stats()).toMatchObject({ renders: 2, refused: 1, pending: 0 });
    // Room again once they are done.
    await p.render(answer('Four'), '/nonexistent');
  });

  it('gives up on a render that takes longer than its time limit: 503', async () => {
    const p = pool({ renderTimeoutMs: 1 });
    const err = (await p.render(answer('Slow'), '/nonexistent').catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err.message).toMatch(/^The brochure could not be prepared in time\. Try again in /);
    expect(p.stats().timedOut).toBe(1);
  });

  it('stops its worker at close, and refuses renders after', async () => {
    const p = pool();
    await p.render(answer('Before'), '/nonexistent');
    expect(p.stats().threads).toBe(1);
    await p.close();
    expect(p.stats().threads).toBe(0);
    await expect(p.render(answer('After'), '/nonexistent')).rejects.toThrow(/shutting down/);
  });
});
