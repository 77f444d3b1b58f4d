import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrap, ensureAdmin } from '../src/db/bootstrap';
import { users } from '@villas/db/schema';
import { signIn, signedIn } from './factories';
import { useTestContext } from './helpers';

const ctx = useTestContext({ BRAND_NAME: 'Casa Blu', COMPANY_NUMBER: 'SC000042' });
const withoutIndex = useTestContext({ SEARCH_INDEX: 'off' });

describe('operations endpoints', () => {
  it('with SEARCH_INDEX=off, the database decides every search and /readyz says so', async () => {
    expect(withoutIndex.app.searchIndex).toBeUndefined();
    const agent = await signedIn(withoutIndex.app, withoutIndex.db, 'agent');
    const page = await withoutIndex.app.inject({
      method: 'POST',
      url: '/api/properties/search',
      headers: { cookie: agent.cookie },
      payload: { page: true },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: expect.any(Number), items: expect.any(Array) });
    expect((await withoutIndex.app.inject({ url: '/readyz' })).json()).toMatchObject({
      status: 'ready',
      search: 'database',
    });
  });

  it('answers /healthz and checks the database in /readyz', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
    // Paged searches are decided by the search index once it has read the catalogue (after start).
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/readyz' })).json().search, { timeout: 10_000 })
      .toBe('index');
  });

  it('serves the OpenAPI document generated from the schemas, to administrators only', async () => {
    expect((await ctx.app.inject({ url: '/api/docs/json' })).statusCode).toBe(401);
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    expect(
      (await ctx.app.inject({ url: '/api/docs/json', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(403);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const res = await ctx.app.inject({ url: '/api/docs/json', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/auth/register'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/users/{id}'].put).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404 carrying a request id', async () => {
    const res = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('exposes brand and company details from configuration', async () => {
    const res = await ctx.app.inject({ url: '/api/company' });
    expect(res.json()).toMatchObject({ brandName: 'Casa Blu', number: 'SC000042' });
  });
});

describe('reference data and the catalogue read', () => {
  it('keeps the catalogue for signed-in trade professionals only', async () => {
    expect((await ctx.app.inject({ url: '/api/properties' })).statusCode).toBe(401);
    const { cookie } = await signedIn(ctx.app, ctx.db, 'agent');
    const res = await ctx.app.inject({ url: '/api/properties', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('serves locations and amenities publicly and their admin variants to admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/locations' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/amenities' })).statusCode).toBe(200);
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    expect(
      (await ctx.app.inject({ url: '/api/admin/locations', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/admin/amenities', headers: { cookie: agent.cookie } })).statusCode,
    ).toBe(403);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    expect(
      (await ctx.app.inject({ url: '/api/admin/locations', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
  });
});

describe('start-up', () => {
  it('ensures the configured admin exists, approved, with the configured password', async () => {
    await ensureAdmin(ctx.db, 'Owner@Example.com', 'first-password');
    await signIn(ctx.app, 'owner@example.com', 'first-password');
    await ensureAdmin(ctx.db, 'owner@example.com', 'second-password');
    const cookie = await signIn(ctx.app, 'owner@example.com', 'second-password');
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'admin', approved: true });
  });

  it("a start with the same admin password leaves the account's credentials as they were", async () => {
    const stateOf = async () => {
      const [row] = await ctx.db
        .select({ hash: users.passwordHash, stamp: users.credentialsStamp })
        .from(users)
        .where(eq(users.email, 'keeper@example.com'));
      return row!;
    };
    await ensureAdmin(ctx.db, 'keeper@example.com', 'first-password');
    const first = await stateOf();
    // Another start: the sign-in device tokens of the account stay valid.
    await ensureAdmin(ctx.db, 'keeper@example.com', 'first-password');
    expect(await stateOf()).toEqual(first);
    await ensureAdmin(ctx.db, 'keeper@example.com', 'second-password');
    const changed = await stateOf();
    expect(changed.hash).not.toBe(first.hash);
    expect(changed.stamp).not.toBe(first.stamp);
  });

  it('bootstrap does not reseed a database that already has properties', async () => {
    const { createProperty } = await import('./factories');
    await createProperty(ctx.db);
    const lines: string[] = [];
    await bootstrap(ctx.db, { ...ctx.config, admin: undefined, seedDemo: false }, {
      info: (m: string) => lines.push(m),
    } as never);
    expect(lines.join('\n')).not.toMatch(/seeded/);
  });
});

describe('demo image repair', () => {
  it('re-renders missing demo images at start when the catalogue still uses them', async () => {
    const { mkdtempSync, existsSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createProperty } = await import('./factories');
    const { propertyImages } = await import('@villas/db/schema');
    const p = await createProperty(ctx.db);
    await ctx.db.insert(propertyImages).values({ propertyId: p.id, url: '/uploads/demo/villa-1.webp' });
    const uploadDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
    await bootstrap(ctx.db, { ...ctx.config, admin: undefined, seedDemo: false, uploadDir }, {
      info: () => undefined,
    } as never);
    const files = readdirSync(path.join(uploadDir, 'demo'));
    expect(files.filter((f) => f.endsWith('.webp')).length).toBeGreaterThanOrEqual(15);
    expect(existsSync(path.join(uploadDir, 'demo', files[0]!))).toBe(true);
  });
});
