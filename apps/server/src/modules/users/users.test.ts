import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { createUser, signIn, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();

describe('admin user management', () => {
  it('answers 401 to anonymous callers and 403 to agents on every route', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'agent');
    const target = await createUser(ctx.db);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/users' },
      { method: 'PUT' as const, url: `/api/admin/users/${target.id}`, payload: { approved: true } },
      { method: 'DELETE' as const, url: `/api/admin/users/${target.id}` },
    ];
    for (const c of calls) {
      expect((await ctx.app.inject(c)).statusCode).toBe(401);
      const res = await ctx.app.inject({ ...c, headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/admin/);
    }
    const [still] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(still).toBeDefined();
  });

  it('lists users without password hashes, newest first', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const newest = await createUser(ctx.db, { firstName: 'Newest' });
    const res = await ctx.app.inject({ url: '/api/admin/users', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list[0]).toMatchObject({ id: newest.id, firstName: 'Newest', approved: true, role: 'agent' });
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|argon2/);
    const paged = await ctx.app.inject({ url: '/api/admin/users?limit=1', headers: { cookie } });
    expect(paged.json()).toHaveLength(1);
  });

  it('approves a pending agent with only {approved: true}: they can sign in and are notified', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const pending = await createUser(ctx.db, { approved: false, firstName: 'Pia' });
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(before.statusCode).toBe(403);

    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${pending.id}`,
      headers: { cookie },
      payload: { approved: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: pending.id,
      approved: true,
      firstName: 'Pia',
      email: pending.email,
    });

    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(after.statusCode).toBe(200);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, pending.id));
    expect(notes.map((n) => n.title)).toEqual(['Account approved']);
  });

  it('leaves the password unchanged when it is empty or absent, and changes it when given', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const agent = await createUser(ctx.db);
    for (const payload of [{ company: 'Renamed Travel' }, { company: 'Renamed Again', password: '' }]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${agent.id}`,
        headers: { cookie },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().company).toBe(payload.company);
      await signIn(ctx.app, agent.email, agent.password);
    }
    const agentCookie = await signIn(ctx.app, agent.email, agent.password);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${agent.id}`,
      headers: { cookie },
      payload: { password: 'brand-new-pass' },
    });
    expect(changed.statusCode).toBe(200);
    // Changing the password ends the agent's existing sessions.
    expect(
      (await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: agentCookie } })).statusCode,
    ).toBe(401);
    await expect(signIn(ctx.app, agent.email, agent.password)).rejects.toThrow(/401/);
    await signIn(ctx.app, agent.email, 'brand-new-pass');
  });

  it('changes the role and validates what it is given', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const agent = await createUser(ctx.db);
    const promote = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${agent.id}`,
      headers: { cookie },
      payload: { role: 'admin' },
    });
    expect(promote.json().role).toBe('admin');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ role: 'superuser' }, /role/i],
      [{ email: 'nope' }, /valid email/],
      [{ password: '123' }, /at least 6/],
      [{ firstName: '' }, /First name is required/],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${agent.id}`,
        headers: { cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 409 when the new e-mail belongs to someone else and 404 for an unknown user', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${a.id}`,
      headers: { cookie },
      payload: { email: b.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/users/999999',
      headers: { cookie },
      payload: { approved: true },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/users/abc',
      headers: { cookie },
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Use a numeric id');
  });

  it('rejects a pending applicant by deleting the account, and never deletes the acting admin', async () => {
    const { user: admin, cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    const pending = await createUser(ctx.db, { approved: false });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${pending.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(users).where(eq(users.id, pending.id))).toHaveLength(0);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${pending.id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    const self = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${admin.id}`,
      headers: { cookie },
    });
    expect(self.statusCode).toBe(400);
    const demote = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      headers: { cookie },
      payload: { role: 'agent' },
    });
    expect(demote.statusCode).toBe(400);
  });
});
