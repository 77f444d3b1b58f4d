import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { testConfig } from '../../../config/env';
import { apiConnections, syncJobs } from '@villas/db/schema';
import { SecretBox } from '../../../lib/secrets';
import { startFakeInvenio, type FakeInvenio } from '../../../../test/fakes/invenio';
import { signedIn } from '../../../../test/factories';
import { useTestContext } from '../../../../test/helpers';

// A fake provider the app may reach (its port in the allow-list), started before the app, and an
// allowed port nothing listens on (a connection refused).
let fake: FakeInvenio;
let closedPort = 0;
beforeAll(async () => {
  fake = await startFakeInvenio();
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  await fake?.close();
});
const ctx = useTestContext(() => ({
  OUTBOUND_ALLOW_HOSTS: `${fake.host},127.0.0.1:${closedPort}`,
  OUTBOUND_TIMEOUT_MS: '2000',
}));
let admin = '';
let agent = '';

const KEY = 'sk_live_7d41c0ffee5e3f9a';
const SECRET = '4b1f9e3c-8a2d-4c6e-9f10-2b7d5e8a3c11';

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
});

const create = (payload: unknown, cookie = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-connections',
    headers: { cookie },
    payload: payload as object,
  });

const waitForReport = (id: number) =>
  vi.waitFor(
    async () => {
      const res = await ctx.app.inject({ url: `/api/admin/sync-reports/${id}`, headers: { cookie: admin } });
      if (res.json().status === 'running') throw new Error('report still running');
      return res.json();
    },
    { timeout: 5_000, interval: 50 },
  );

describe('API connections', () => {
  it('requires name, API key and base URL with the form messages', async () => {
    const none = await create({ provider: 'invenio' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Connection name, API key and base URL are required');
    const noKey = await create({
      provider: 'invenio',
      name: 'Invenio',
      baseUrl: 'https://api.inveniohomes.com',
    });
    expect(noKey.json().message).toBe('API key is required');
    const blankUrl = await create({ provider: 'invenio', name: 'Invenio', apiKey: KEY, baseUrl: '  ' });
    expect(blankUrl.json().message).toBe('Base URL is required');
    const badUrl = await create({ provider: 'invenio', name: 'Invenio', apiKey: KEY, baseUrl: 'ftp://x' });
    expect(badUrl.json().message).toMatch(/Base URL must be a URL/);
    const badProvider = await create({
      provider: 'tripadvisor',
      name: 'x',
      apiKey: KEY,
      baseUrl: 'https://x.test',
    });
    expect(badProvider.statusCode).toBe(400);
  });

  it('answers only masked secrets and stores them encrypted (AES-GCM under the app secret)', async () => {
    const res = await create({
      provider: 'invenio',
      name: 'Invenio live',
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://api.inveniohomes.com/',
      enabled: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      provider: 'invenio',
      name: 'Invenio live',
      apiKey: '••••3f9a',
      apiSecret: '••••3c11',
      baseUrl: 'https://api.inveniohomes.com',
      enabled: true,
      propertyCount: 0,
      lastSync: null,
    });
    expect(res.body).not.toContain(KEY);
    expect(res.body).not.toContain(SECRET);

    const list = await ctx.app.inject({ url: '/api/admin/api-connections', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(KEY);
    expect(list.json().find((c: { id: number }) => c.id === body.id).apiKey).toBe('••••3f9a');

    const [row] = await ctx.db.select().from(apiConnections).where(eq(apiConnections.id, body.id));
    expect(row!.apiKeyEncrypted).not.toContain(KEY);
    expect(row!.apiKeyEncrypted).toMatch(/^v2\./);
    expect(row!.apiSecretEncrypted).not.toContain(SECRET);
    // Bound to its column, its row and the origin it is sent to.
    const box = new SecretBox(ctx.config.sessionSecret);
    const bound = (column: string) => `api_connections.${column}|${body.id}|https://api.inveniohomes.com`;
    expect(box.decrypt(row!.apiKeyEncrypted, bound('api_key'))).toBe(KEY);
    expect(box.decrypt(row!.apiSecretEncrypted!, bound('api_secret'))).toBe(SECRET);
    expect(() => box.decrypt(row!.apiKeyEncrypted, 'api_connections.api_key')).toThrow();
    expect(() =>
      box.decrypt(
        row!.apiKeyEncrypted,
        `api_connections.api_key|${body.id + 1}|https://api.inveniohomes.com`,
      ),
    ).toThrow();
    expect(() =>
      box.decrypt(row!.apiKeyEncrypted, `api_connections.api_key|${body.id}|https://evil.example`),
    ).toThrow();
  });

  it('toggles enabled; a disabled connection refuses to sync with 409', async () => {
    const { id } = (
      await create({
        provider: 'custom',
        name: 'Owner calendars',
        apiKey: 'none-needed',
        baseUrl: 'https://x.test',
      })
    ).json();
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/api-connections/${id}/sync`,
      headers: { cookie: admin },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONNECTION_DISABLED',
      message: 'This connection is disabled. Enable it before syncing.',
    });

    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
      payload: { enabled: true },
    });
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/api-connections/${id}/sync`,
      headers: { cookie: admin },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ reportId: expect.any(Number), status: 'running' });
    const report = await waitForReport(started.json().reportId);
    expect(report).toMatchObject({
      status: 'completed',
      jobType: 'custom-sync',
      connectionId: id,
      connectionName: 'Owner calendars',
    });
    const after = (await ctx.app.inject({ url: '/api/admin/api-connections', headers: { cookie: admin } }))
      .json()
      .find((c: { id: number }) => c.id === id);
    expect(after.lastSync).not.toBeNull();
  });

  it('updates credentials (re-encrypted) and deletes; unknown ids are 404', async () => {
    const { id } = (
      await create({
        provider: 'vrbo',
        name: 'Vrbo',
        apiKey: 'first-key-000000',
        baseUrl: 'https://vrbo.test',
      })
    ).json();
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
      payload: { apiKey: 'second-key-00abcd' },
    });
    expect(patched.json().apiKey).toBe('••••abcd');
    const empty = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode).toBe(200);
    for (const [method, url] of [
      ['DELETE', `/api/admin/api-connections/${id}`],
      ['PATCH', `/api/admin/api-connections/${id}`],
      ['POST', `/api/admin/api-connections/${id}/sync`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { cookie: admin },
        payload: { enabled: true },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('is for administrators only', async () => {
    const routes = [
      ['GET', '/api/admin/api-connections'],
      ['POST', '/api/admin/api-connections'],
      ['PATCH', '/api/admin/api-connections/1'],
      ['DELETE', '/api/admin/api-connections/1'],
      ['POST', '/api/admin/api-connections/1/sync'],
    ] as const;
    for (const [method, url] of routes) {
      const anon = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const asAgent = await ctx.app.inject({
        method,
        url,
        headers: { cookie: agent },
        payload:
          method === 'GET'
            ? undefined
            : { provider: 'custom', name: 'x', apiKey: 'k', baseUrl: 'https://x.test', enabled: true },
      });
      expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
    }
    const jobs = await ctx.db.select().from(syncJobs);
    expect(jobs.every((j) => j.status !== 'running')).toBe(true);
  });
});

describe('a saved key and a new base URL', () => {
  const patch = (id: number, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
      payload,
    });
  const villas = (connectionId: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/villas',
      headers: { cookie: admin },
      payload: { connectionId },
    });
  const saved = async (baseUrl: string, apiSecret: string | undefined = fake.bpUuid) =>
    (
      await create({ provider: 'invenio', name: 'Invenio', apiKey: fake.apiKey, apiSecret, baseUrl })
    ).json() as { id: number };
  const rowOf = async (id: number) =>
    (await ctx.db.select().from(apiConnections).where(eq(apiConnections.id, id)))[0]!;

  it('asks for the key again when the base URL moves to another origin, and never sends it there', async () => {
    const { id } = await saved('https://api.inveniohomes.com');
    const before = await rowOf(id);
    fake.reset();

    const moved = await patch(id, { baseUrl: fake.url });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Enter the API key again: it is not sent to a new address',
      issues: [
        { path: ['apiKey'], message: 'Enter the API key again: it is not sent to a new address' },
        { path: ['apiSecret'], message: expect.stringMatching(/^Enter the API secret again/) },
      ],
    });
    // The key alone is not enough while a secret is saved.
    const keyOnly = await patch(id, { baseUrl: fake.url, apiKey: fake.apiKey });
    expect(keyOnly.statusCode).toBe(400);
    expect(keyOnly.json().issues).toEqual([
      { path: ['apiSecret'], message: expect.stringMatching(/^Enter the API secret again/) },
    ]);
    expect(await rowOf(id)).toEqual(before);
    expect(fake.calls).toEqual([]);

    // Entered again with the new address: saved for it, and used there.
    const ok = await patch(id, { baseUrl: fake.url, apiKey: fake.apiKey, apiSecret: fake.bpUuid });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ baseUrl: fake.url, apiKey: `••••${fake.apiKey.slice(-4)}` });
    const res = await villas(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls.map((c) => [c.apiKey, c.bpUuid])).toEqual([[fake.apiKey, fake.bpUuid]]);
  });

  it('keeps the key for another path on the same origin, and for a name or an enable toggle', async () => {
    const { id } = await saved(`${fake.url}/v1`, undefined);
    for (const payload of [
      { baseUrl: `${fake.url}/v2/` },
      { name: 'Invenio (renamed)' },
      { enabled: true },
    ]) {
      const res = await patch(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json().apiKey).toBe(`••••${fake.apiKey.slice(-4)}`);
    }
    expect((await rowOf(id)).baseUrl).toBe(`${fake.url}/v2`);
  });

  it('a key left under another origin by a direct change of the base URL cannot be read, so is not sent', async () => {
    const { id } = await saved('https://api.inveniohomes.com');
    // What the route refuses, written straight into the database (a restore, a hand edit).
    await ctx.db.update(apiConnections).set({ baseUrl: fake.url }).where(eq(apiConnections.id, id));
    fake.reset();
    const res = await villas(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot be read .* Enter the API key again/);
    expect(fake.calls).toEqual([]);
    const listed = (
      await ctx.app.inject({ url: '/api/admin/api-connections', headers: { cookie: admin } })
    ).json() as Array<{ id: number; apiKey: string }>;
    expect(listed.find((c) => c.id === id)!.apiKey).toBe('•••• (unreadable)');
  });

  it('re-encrypts at start the keys written for their column only, which are then read and used', async () => {
    // The older form: the column alone as additional data, under a previous app secret.
    const previous = 'p'.repeat(40);
    const oldBox = new SecretBox(previous);
    const legacy = (plain: string, column: string) =>
      oldBox.encrypt(plain, `api_connections.${column}`).replace(/^v2\./, 'v1.');
    const [row] = await ctx.db
      .insert(apiConnections)
      .values({
        provider: 'invenio',
        name: 'Invenio (saved before)',
        apiKeyEncrypted: legacy(fake.apiKey, 'api_key'),
        apiSecretEncrypted: legacy(fake.bpUuid, 'api_secret'),
        baseUrl: fake.url,
      })
      .returning();
    expect((await villas(row!.id)).statusCode).toBe(409);

    // A start of the app on this database (its start-up chores), the old secret still listed.
    const restarted = await buildApp({
      config: testConfig({ SESSION_SECRET: ctx.config.sessionSecret, PREVIOUS_APP_SECRETS: previous }),
      database: ctx.database,
    });
    try {
      await restarted.ready();
    } finally {
      await restarted.close();
    }

    const after = await rowOf(row!.id);
    expect(after.apiKeyEncrypted).toMatch(/^v2\./);
    expect(after.apiSecretEncrypted).toMatch(/^v2\./);
    fake.reset();
    const res = await villas(row!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls.map((c) => [c.apiKey, c.bpUuid])).toEqual([[fake.apiKey, fake.bpUuid]]);
  });
});

describe('the last run of a connection', () => {
  const UNREACHABLE =
    'Could not reach the provider. Check the address, the port, the API key and that this server can reach the network.';
  const listed = async (id: number) =>
    (await ctx.app.inject({ url: '/api/admin/api-connections', headers: { cookie: admin } }))
      .json()
      .find((c: { id: number }) => c.id === id);
  const syncOf = async (id: number) => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/api-connections/${id}/sync`,
      headers: { cookie: admin },
    });
    expect(started.statusCode).toBe(202);
    return waitForReport(started.json().reportId);
  };

  it('tells how the last sync ended: a failure says what to check, never its raw cause; a success clears it', async () => {
    fake.reset();
    const { id } = (
      await create({
        provider: 'invenio',
        name: 'Invenio refused',
        apiKey: fake.apiKey,
        apiSecret: fake.bpUuid,
        baseUrl: `http://127.0.0.1:${closedPort}`,
      })
    ).json();
    expect(await listed(id)).toMatchObject({ lastSync: null, lastSyncStatus: null, lastSyncMessage: null });

    // Its own sync: the cause (a refused connection) is in the report only.
    const failed = await syncOf(id);
    expect(failed).toMatchObject({ status: 'failed', connectionId: id });
    expect(failed.errorMessage).toMatch(/ECONNREFUSED/);
    const card = await listed(id);
    expect(card).toMatchObject({
      lastSync: expect.any(String),
      lastSyncStatus: 'failed',
      lastSyncMessage: UNREACHABLE,
    });
    expect(JSON.stringify(card)).not.toMatch(/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|connect /);

    // The Invenio panel's sync of the connection counts too, and says the same.
    const panel = await ctx.app.inject({
      method: 'POST',
      url: '/api/invenio/sync',
      headers: { cookie: admin },
      payload: { connectionId: id },
    });
    expect(panel.statusCode).toBe(502);
    expect(await listed(id)).toMatchObject({ lastSyncStatus: 'failed', lastSyncMessage: UNREACHABLE });

    // Pointed at a provider that answers: the next run completes, and the failure is gone.
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/api-connections/${id}`,
      headers: { cookie: admin },
      payload: { baseUrl: fake.url, apiKey: fake.apiKey, apiSecret: fake.bpUuid },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ lastSyncStatus: 'failed', lastSyncMessage: UNREACHABLE });
    expect((await syncOf(id)).status).toBe('completed');
    expect(await listed(id)).toMatchObject({ lastSyncStatus: 'completed', lastSyncMessage: null });
  });

  it("a comprehensive sync records each connection's outcome on its card", async () => {
    fake.reset();
    const { id } = (
      await create({
        provider: 'invenio',
        name: 'Invenio in the comprehensive run',
        apiKey: fake.apiKey,
        apiSecret: fake.bpUuid,
        baseUrl: `http://127.0.0.1:${closedPort}`,
      })
    ).json();
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/trigger-comprehensive-sync',
      headers: { cookie: admin },
    });
    expect(started.statusCode).toBe(202);
    const report = await waitForReport(started.json().reportId);
    expect(report.status).toBe('completed');
    expect(await listed(id)).toMatchObject({ lastSyncStatus: 'failed', lastSyncMessage: UNREACHABLE });
  });
});
