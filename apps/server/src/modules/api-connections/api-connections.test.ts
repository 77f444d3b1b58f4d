import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiConnections, syncJobs } from '../../db/schema';
import { SecretBox } from '../../lib/secrets';
import { signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();
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
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
    expect(row!.apiSecretEncrypted).not.toContain(SECRET);
    const box = new SecretBox(ctx.config.sessionSecret);
    expect(box.decrypt(row!.apiKeyEncrypted, 'api_connections.api_key')).toBe(KEY);
    expect(box.decrypt(row!.apiSecretEncrypted!, 'api_connections.api_secret')).toBe(SECRET);
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
