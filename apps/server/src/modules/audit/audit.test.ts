import { auditLogPageSchema } from '@villas/shared';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@villas/db/schema';
import { REDACTED, redact } from '../../plugins/audit';
import { createProperty, createRegion, createUser, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();
let admin = { id: 0, email: '', cookie: '' };
let agent = { id: 0, cookie: '' };

const KEY = 'sk_live_audit_0f9e8d7c6b5a';
const SECRET = 'audit-secret-1b2c3d4e5f60';

beforeAll(async () => {
  const a = await signedIn(ctx.app, ctx.db, 'admin');
  admin = { id: a.user.id, email: a.user.email, cookie: a.cookie };
  const g = await signedIn(ctx.app, ctx.db, 'agent');
  agent = { id: g.user.id, cookie: g.cookie };
});

const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The newest rows, after every pending audit write has landed. */
async function rows() {
  await ctx.app.auditSettled();
  return ctx.db.select().from(auditLog).orderBy(desc(auditLog.id));
}

async function latest() {
  const [row] = await rows();
  return row!;
}

describe('audit trail of admin actions', () => {
  it('records approving a pending agent with the actor, the target and the state before', async () => {
    const pending = await createUser(ctx.db, { approved: false });
    const res = await call('PUT', `/api/admin/users/${pending.id}`, admin.cookie, {
      approved: true,
      password: 'new-password-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await latest();
    expect(row).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'user.approve',
      targetType: 'user',
      targetId: String(pending.id),
      statusCode: 200,
    });
    expect(row.at).toBeInstanceOf(Date);
    expect(row.summary).toMatchObject({
      approved: true,
      password: REDACTED,
      targetEmail: pending.email,
      before: { approved: false, role: 'agent' },
    });
    expect(JSON.stringify(row)).not.toContain('new-password-1');
  });

  it('names a role change user.role and a plain edit user.update', async () => {
    const user = await createUser(ctx.db);
    await call('PUT', `/api/admin/users/${user.id}`, admin.cookie, { role: 'admin' });
    expect((await latest()).action).toBe('user.role');
    await call('PUT', `/api/admin/users/${user.id}`, admin.cookie, { company: 'Blue Bay Travel' });
    const row = await latest();
    expect(row.action).toBe('user.update');
    expect(row.summary).toMatchObject({ company: 'Blue Bay Travel' });
  });

  it('records a bulk price write against the property', async () => {
    const p = await createProperty(ctx.db);
    const res = await call('POST', '/api/daily-pricing/bulk', admin.cookie, {
      propertyId: p.id,
      ranges: [{ from: '2031-07-01', to: '2031-07-04', price: 500, currency: 'EUR' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest()).toMatchObject({
      actorId: admin.id,
      action: 'pricing.bulk',
      targetType: 'property',
      targetId: String(p.id),
      summary: { propertyId: p.id, ranges: [{ from: '2031-07-01', to: '2031-07-04', price: 500 }] },
    });
  });

  it('records deleting a property and creating a property (the new id is the target)', async () => {
    const p = await createProperty(ctx.db);
    expect((await call('DELETE', `/api/properties/${p.id}`, admin.cookie)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'property.delete',
      targetType: 'property',
      targetId: String(p.id),
      statusCode: 200,
    });
    const { region } = await createRegion(ctx.db, undefined, ['Cap Audit']);
    const created = await call('POST', '/api/properties', admin.cookie, {
      name: 'Villa Audit',
      region: region.name,
      subregion: 'Cap Audit',
      description: 'A quiet villa above the sea with a long pool and a shaded terrace.',
      basePricePerNight: 900,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await latest()).toMatchObject({
      action: 'property.create',
      targetId: String(created.json().id),
      statusCode: 201,
    });
  });

  it('records creating an API connection without its key or secret anywhere in the row', async () => {
    const res = await call('POST', '/api/admin/api-connections', admin.cookie, {
      provider: 'invenio',
      name: 'Invenio audit',
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://user:pw@api.inveniohomes.com/v1?token=abc',
      enabled: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await latest();
    expect(row).toMatchObject({
      action: 'connection.create',
      targetType: 'connection',
      targetId: String(res.json().id),
      summary: { name: 'Invenio audit', apiKey: REDACTED, apiSecret: REDACTED },
    });
    const raw = JSON.stringify(row);
    for (const secret of [KEY, SECRET, 'pw@', 'token=abc']) expect(raw).not.toContain(secret);
    const [stored] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(JSON.stringify(stored)).not.toContain(KEY);
  });

  it('leaves no row for a refused request or for an agent', async () => {
    const before = (await rows()).length;
    // 400: invalid body; 404: no such property; 403: an agent on an admin route.
    expect((await call('POST', '/api/daily-pricing/bulk', admin.cookie, { propertyId: 1 })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', '/api/properties/2147483647', admin.cookie)).statusCode).toBe(404);
    const p = await createProperty(ctx.db);
    expect((await call('DELETE', `/api/properties/${p.id}`, agent.cookie)).statusCode).toBe(403);
    expect((await rows()).length).toBe(before);
  });

  it('keeps secrets out of nested fields and cuts long lists', () => {
    const out = redact({
      nested: { sessionToken: 'x', password: '', keep: 'y' },
      list: Array.from({ length: 25 }, (_, i) => i),
      icalUrl: 'https://www.airbnb.com/calendar/ical/1.ics?s=secret',
    }) as Record<string, unknown>;
    expect(out.nested).toEqual({ sessionToken: REDACTED, keep: 'y' });
    expect((out.list as unknown[]).length).toBe(21);
    expect(out.icalUrl).toBe('https://www.airbnb.com/calendar/ical/1.ics?…');
  });
});

describe('GET /api/admin/audit-log', () => {
  it('is for administrators only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ url: '/api/admin/audit-log', headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('lists newest first, paged, filtered by action prefix and actor', async () => {
    const other = await signedIn(ctx.app, ctx.db, 'admin');
    const p = await createProperty(ctx.db);
    for (const available of [false, true, false]) {
      await call('POST', '/api/availability/bulk', other.cookie, {
        propertyId: p.id,
        dates: ['2031-08-01'],
        available,
      });
    }
    await ctx.app.auditSettled();
    const get = async (query: string) => {
      const res = await ctx.app.inject({
        url: `/api/admin/audit-log?${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return auditLogPageSchema.parse(res.json());
    };
    const first = await get(`actorId=${other.user.id}&limit=2`);
    expect(first.items.map((i) => i.summary.available)).toEqual([false, true]);
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toMatchObject({
      actorEmail: other.user.email,
      action: 'availability.bulk',
      targetType: 'property',
      targetId: String(p.id),
    });
    const second = await get(`actorId=${other.user.id}&limit=2&offset=2`);
    expect(second.items.map((i) => i.summary.available)).toEqual([false]);
    expect(second.hasMore).toBe(false);

    // Newest first by when each change was made (a row may be inserted after a later change's).
    const all = await get('limit=200');
    const times = all.items.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const users = await get('action=user');
    expect(users.items.length).toBeGreaterThan(0);
    expect(users.items.every((i) => i.action.startsWith('user.'))).toBe(true);
    expect((await get('action=user.approve')).items.every((i) => i.action === 'user.approve')).toBe(true);
    const bad = await ctx.app.inject({
      url: '/api/admin/audit-log?limit=0',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
