import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AMENITY_CATALOGUE } from '@villas/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { processEnv } from '../../../config/env';
import { amenities, properties } from '@villas/db/schema';
import { startFakeInvenio, type FakeInvenio } from '../../../../test/fakes/invenio';
import { signedIn } from '../../../../test/factories';
import { useTestContext } from '../../../../test/helpers';

/**
 * The time of a 500-villa sync against the fake Invenio (each villa: 2 photos downloaded and stored
 * through the image pipeline, 2 price periods = 180 nightly prices, a calendar with 9 blocked
 * nights). Opt-in: SYNC_BENCH=1.
 */
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'villas-bench-'));
// The fake starts first: the app's allow-list names its port.
let fake: FakeInvenio;
beforeAll(async () => {
  fake = await startFakeInvenio();
});
const ctx = useTestContext(() => ({ OUTBOUND_ALLOW_HOSTS: fake.host, UPLOAD_DIR: uploadDir }));
afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
let admin = '';
let connectionId = 0;

beforeAll(async () => {
  fake.generate(Number(processEnv.SYNC_BENCH_VILLAS ?? 500));
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
      name: 'Bench',
      apiKey: fake.apiKey,
      apiSecret: fake.bpUuid,
      baseUrl: fake.url,
    },
  });
  connectionId = res.json().id;
});
afterAll(async () => fake?.close());

async function timedSync() {
  const started = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/api-connections/${connectionId}/sync`,
    headers: { cookie: admin },
  });
  return vi.waitFor(
    async () => {
      const r = await ctx.app.inject({
        url: `/api/admin/sync-reports/${res.json().reportId}`,
        headers: { cookie: admin },
      });
      if (r.json().status === 'running') throw new Error('sync still running');
      return { ms: performance.now() - started, report: r.json() };
    },
    { timeout: 290_000, interval: 100 },
  );
}

describe.skipIf(!processEnv.SYNC_BENCH)('500-villa sync', () => {
  it('syncs 500 villas, then re-syncs them with zero changes', async () => {
    const first = await timedSync();
    const downloaded = fake.photoRequests.length;
    const second = await timedSync();
    console.log(
      `[sync bench] ${ctx.database.kind}: first run ${(first.ms / 1000).toFixed(1)} s ` +
        `(${first.report.changesDetected} changes, ${first.report.calendarUpdates} calendar updates, ` +
        `${first.report.newImagesCount} images); second run ${(second.ms / 1000).toFixed(1)} s ` +
        `(${second.report.changesDetected} changes)`,
    );
    expect(first.report).toMatchObject({
      status: 'completed',
      propertiesProcessed: fake.villas.length,
      newImagesCount: 2 * fake.villas.length,
      errors: [],
    });
    expect(downloaded).toBe(2 * fake.villas.length);
    expect(readdirSync(path.join(uploadDir, 'images')).filter((f) => f.endsWith('.webp'))).toHaveLength(
      2 * fake.villas.length,
    );
    expect(second.report).toMatchObject({ status: 'completed', changesDetected: 0, calendarUpdates: 0 });
    expect(fake.photoRequests).toHaveLength(downloaded);
    const rows = await ctx.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.externalProvider, 'invenio'));
    expect(rows).toHaveLength(fake.villas.length);
  }, 600_000);
});
