import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeInvenio, type FakeInvenio } from '../../../test/fakes/invenio';
import { signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

/**
 * The administrators' actions recorded since the first audit release (docs/decisions/007): an
 * exchange rate set, an image uploaded, a comprehensive sync started and a sync run from the
 * 'Test Invenio API' panel each appear in the audit log an administrator reads.
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), 'villas-audit-uploads-'));
// The fake starts first: the app's allow-list names its port.
let fake: FakeInvenio;
beforeAll(async () => {
  fake = await startFakeInvenio();
});
const ctx = useTestContext(() => ({
  OUTBOUND_ALLOW_HOSTS: fake.host,
  OUTBOUND_TIMEOUT_MS: '2000',
  UPLOAD_DIR: uploadDir,
}));
let admin = { id: 0, cookie: '' };
let agent = '';

beforeAll(async () => {
  const a = await signedIn(ctx.app, ctx.db, 'admin');
  admin = { id: a.user.id, cookie: a.cookie };
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
});
afterAll(async () => {
  await fake?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

interface Entry {
  action: string;
  actorId: number | null;
  targetType: string;
  targetId: string | null;
  summary: Record<string, unknown>;
}

/** The audit log as the admin page reads it, filtered by action prefix. */
async function logged(action: string): Promise<Entry[]> {
  await ctx.app.auditSettled();
  const res = await ctx.app.inject({
    url: `/api/admin/audit-log?action=${encodeURIComponent(action)}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function pngUpload(cookie: string) {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6ea0' } })
    .png()
    .toBuffer();
  const boundary = '----villasaudit7f3a';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="pool.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: body,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('audit log: rates, uploads and syncs', () => {
  it('records an exchange rate set by an administrator, with the pair and the rate', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      headers: { cookie: admin.cookie },
      payload: { fromCurrency: 'CHF', toCurrency: 'EUR', rate: 1.04 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await logged('exchange-rate.');
    expect(row).toMatchObject({
      action: 'exchange-rate.set',
      actorId: admin.id,
      targetType: 'exchange-rate',
      summary: { fromCurrency: 'CHF', toCurrency: 'EUR', rate: 1.04 },
    });
  });

  it('records an image upload by an administrator, not a refused one by an agent', async () => {
    const refused = await pngUpload(agent);
    expect(refused.statusCode).toBe(403);
    expect(await logged('image.')).toEqual([]);
    const res = await pngUpload(admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await logged('image.');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'image.upload', actorId: admin.id, targetType: 'image' });
  });

  it('records starting the comprehensive sync', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/trigger-comprehensive-sync',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await logged('sync.');
    expect(row).toMatchObject({ action: 'sync.comprehensive', actorId: admin.id });
  });

  it("records a sync run from the 'Test Invenio API' panel without its key or secret", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/sync',
      headers: { cookie: admin.cookie },
      payload: { apiKey: fake.apiKey, apiSecret: fake.bpUuid, baseUrl: fake.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await logged('invenio.');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'invenio.sync',
      actorId: admin.id,
      summary: { apiKey: '[redacted]', apiSecret: '[redacted]' },
    });
    expect(JSON.stringify(rows)).not.toContain(fake.apiKey);
    expect(JSON.stringify(rows)).not.toContain(fake.bpUuid);
    // The panel's read calls write nothing and leave no row.
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/villas',
      headers: { cookie: admin.cookie },
      payload: { apiKey: fake.apiKey, apiSecret: fake.bpUuid, baseUrl: fake.url },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await logged('invenio.')).toHaveLength(1);
  });

  it('lists changes made one after another newest first, in the order they were made', async () => {
    // Each row is written after its answer is sent, while the next change may already be under way
    // (on PostgreSQL on another pooled connection): the row is dated when its answer was made.
    const rates = Array.from({ length: 30 }, (_, i) => 1 + i / 100);
    for (const rate of rates) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/exchange-rates',
        headers: { cookie: admin.cookie },
        payload: { fromCurrency: 'GBP', toCurrency: 'EUR', rate },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = (await logged('exchange-rate.')).filter((r) => r.summary.fromCurrency === 'GBP');
    expect(rows.map((r) => r.summary.rate)).toEqual([...rates].reverse());
  });
});
