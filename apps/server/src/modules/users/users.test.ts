import type { User } from '@villas/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '@villas/db/schema';
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

describe('GET /api/admin/users: search, status, paging and counts', () => {
  let cookie = '';
  const get = async (url: string) => {
    const res = await ctx.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const token = `zq${Date.now().toString(36)}`;

  it('matches first name, last name, e-mail, company and licence, whatever the case', async () => {
    cookie = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
    const byField = {
      firstName: await createUser(ctx.db, { firstName: `Fn${token}x` }),
      lastName: await createUser(ctx.db, { lastName: `Ln${token}y` }),
      email: await createUser(ctx.db, { email: `mail.${token}@example.com` }),
      company: await createUser(ctx.db, { company: `Riviera ${token} Travel` }),
      agentLicense: await createUser(ctx.db, { agentLicense: `ABTA-${token}-77` }),
    };
    for (const [field, user] of Object.entries(byField)) {
      const value = String(user[field as keyof typeof byField]);
      const q = value.slice(0, value.indexOf(token) + token.length + 1);
      for (const variant of [q.toUpperCase(), q.toLowerCase()]) {
        const list: User[] = await get(`/api/admin/users?q=${encodeURIComponent(variant)}`);
        expect(
          list.map((u) => u.id),
          `${field} ${variant}`,
        ).toEqual([user.id]);
      }
    }
    const all: User[] = await get(`/api/admin/users?q=${token.toUpperCase()}`);
    expect(all.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      Object.values(byField)
        .map((u) => u.id)
        .sort((a, b) => a - b),
    );
    // Surrounding spaces are ignored; '%' and '_' are matched literally, not as patterns.
    expect(await get(`/api/admin/users?q=${encodeURIComponent(`  ${token}  `)}`)).toHaveLength(5);
    expect(await get(`/api/admin/users?q=%25${token}`)).toEqual([]);
    const underscore = await createUser(ctx.db, { company: `Under_${token}` });
    expect((await get(`/api/admin/users?q=r_${token}`)).map((u: User) => u.id)).toEqual([underscore.id]);
    expect(await get(`/api/admin/users?q=nothing-${token}`)).toEqual([]);
  });

  it('filters by status, pages and counts with the same search', async () => {
    const tag = `${token}st`;
    const active = [
      await createUser(ctx.db, { company: `${tag} One` }),
      await createUser(ctx.db, { company: `${tag} Two`, role: 'admin' }),
    ];
    const pending = [
      await createUser(ctx.db, { company: `${tag} Three`, approved: false }),
      await createUser(ctx.db, { company: `${tag} Four`, approved: false }),
      await createUser(ctx.db, { company: `${tag} Five`, approved: false }),
    ];
    const ids = (list: User[]) => list.map((u) => u.id);
    // Newest first.
    expect(ids(await get(`/api/admin/users?q=${tag}&status=active`))).toEqual(
      active.map((u) => u.id).reverse(),
    );
    expect(ids(await get(`/api/admin/users?q=${tag}&status=pending`))).toEqual(
      pending.map((u) => u.id).reverse(),
    );
    expect(ids(await get(`/api/admin/users?q=${tag}&status=pending&limit=2`))).toEqual([
      pending[2]!.id,
      pending[1]!.id,
    ]);
    expect(ids(await get(`/api/admin/users?q=${tag}&status=pending&limit=2&offset=2`))).toEqual([
      pending[0]!.id,
    ]);
    expect(ids(await get(`/api/admin/users?q=${tag}&offset=4`))).toEqual([active[0]!.id]);

    expect(await get(`/api/admin/users/summary?q=${tag.toUpperCase()}`)).toEqual({
      total: 5,
      active: 2,
      pending: 3,
    });
    expect(await get(`/api/admin/users/summary?q=none-${tag}`)).toEqual({ total: 0, active: 0, pending: 0 });
    // Without q: every account.
    const rows = await ctx.db.select().from(users);
    expect(await get('/api/admin/users/summary')).toEqual({
      total: rows.length,
      active: rows.filter((u) => u.approved).length,
      pending: rows.filter((u) => !u.approved).length,
    });
    // No parameters: the original plain array of everyone.
    expect(await get('/api/admin/users')).toHaveLength(rows.length);
  });

  it('refuses a bad status or paging value with a message, and is for admins only', async () => {
    for (const url of [
      '/api/admin/users?status=banned',
      '/api/admin/users?limit=0',
      `/api/admin/users?q=${'x'.repeat(201)}`,
    ]) {
      const res = await ctx.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(
      (await ctx.app.inject({ url: '/api/admin/users?status=banned', headers: { cookie } })).json().message,
    ).toBe("Use status 'active' or 'pending'");
    const agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
    expect(
      (await ctx.app.inject({ url: '/api/admin/users/summary', headers: { cookie: agent } })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/users/summary' })).statusCode).toBe(401);
  });

  it('revoking approval ends that account’s sessions', async () => {
    const agent = await createUser(ctx.db);
    const agentCookie = await signIn(ctx.app, agent.email, agent.password);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${agent.id}`,
      headers: { cookie },
      payload: { approved: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().approved).toBe(false);
    expect(
      (await ctx.app.inject({ url: '/api/auth/user', headers: { cookie: agentCookie } })).statusCode,
    ).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: agent.email, password: agent.password },
    });
    expect(login.statusCode).toBe(403);
  });
});
