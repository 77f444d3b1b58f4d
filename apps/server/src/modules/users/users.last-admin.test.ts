import { LAST_ADMIN_MESSAGE } from '@villas/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@villas/db/schema';
import { toCurrentUser } from '../sessions/sessions.service';
import { directScope } from '../../lib/write-scope';
import { deleteUserByAdmin, updateUserByAdmin } from './users.service';
import { createUser, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

/** Its own database: the rule is about how many administrators exist, so no other file may add one. */
const ctx = useTestContext();

const put = (cookie: string, id: number, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: { cookie }, payload });
const del = (cookie: string, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: { cookie } });
const row = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

function expectLastAdmin(res: { statusCode: number; json(): { message: string; code: string } }) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ message: LAST_ADMIN_MESSAGE, code: 'CONFLICT' });
}

describe('at least one administrator must remain', () => {
  it('the only administrator cannot delete, demote or unapprove themselves (409), and nothing changes', async () => {
    expect(await ctx.db.select().from(users).where(eq(users.role, 'admin'))).toEqual([]);
    const { user: only, cookie } = await signedIn(ctx.app, ctx.db, 'admin');
    // An administrator account that is not approved cannot sign in: it does not count.
    await createUser(ctx.db, { role: 'admin', approved: false });

    expectLastAdmin(await del(cookie, only.id));
    expectLastAdmin(await put(cookie, only.id, { role: 'agent' }));
    expectLastAdmin(await put(cookie, only.id, { approved: false }));
    expectLastAdmin(await put(cookie, only.id, { company: 'Renamed', role: 'agent', approved: false }));
    expect(await row(only.id)).toMatchObject({ role: 'admin', approved: true, company: only.company });
    // Harmless edits of the last administrator still work, as does keeping the role.
    const ok = await put(cookie, only.id, { company: 'Head Office', role: 'admin', approved: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('with a second administrator, one can demote, unapprove or delete the other until one is left', async () => {
    const a = await signedIn(ctx.app, ctx.db, 'admin');
    const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    // Leave exactly two approved administrators: `a` and the one from the first test.
    const first = admins.find((u) => u.approved && u.id !== a.user.id)!;
    const b = await createUser(ctx.db, { role: 'admin' });
    const c = await createUser(ctx.db, { role: 'admin' });

    expect((await put(a.cookie, b.id, { role: 'agent' })).statusCode).toBe(200);
    expect((await put(a.cookie, c.id, { approved: false })).statusCode).toBe(200);
    expect((await del(a.cookie, first.id)).statusCode).toBe(200);
    expect(await row(first.id)).toBeUndefined();

    // Now `a` is the only approved administrator.
    expectLastAdmin(await del(a.cookie, a.user.id));
    expectLastAdmin(await put(a.cookie, a.user.id, { role: 'agent' }));
    // Promoting someone again makes room: then the usual rule applies (no self-removal, 400).
    expect((await put(a.cookie, b.id, { role: 'admin' })).statusCode).toBe(200);
    const self = await del(a.cookie, a.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account');
    // …while the other administrator may remove `a`.
    const bCookie = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: b.email, password: b.password },
      })
    ).cookies.find((k) => k.name === 'sid')!;
    const removed = await del(`sid=${bCookie.value}`, a.user.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expectLastAdmin(await del(`sid=${bCookie.value}`, b.id));
  });

  it('two administrators removing each other at the same moment: exactly one succeeds', async () => {
    // Straight to the service, so both are past the role check before either writes. On PostgreSQL
    // the admin rows are locked (select … for update): the second waits, then re-reads. Several rounds
    // on a warm pool, so the two transactions really overlap.
    // Not a wait for anything: four overlapping queries open four pool connections (the warm pool).
    await Promise.all([1, 2, 3, 4].map(() => ctx.db.execute(sql`select pg_sleep(0.05)`)));
    for (let round = 0; round < 5; round++) {
      const x = await createUser(ctx.db, { role: 'admin' });
      const y = await createUser(ctx.db, { role: 'admin' });
      // Leave only x and y as approved administrators.
      await ctx.db
        .update(users)
        .set({ role: 'agent' })
        .where(and(eq(users.role, 'admin'), notInArray(users.id, [x.id, y.id])));
      const results = await Promise.allSettled([
        updateUserByAdmin(directScope(ctx.db), ctx.app.mailer, toCurrentUser(x), y.id, { role: 'agent' }),
        deleteUserByAdmin(ctx.db, toCurrentUser(y), x.id),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const failure = results.find((r) => r.status === 'rejected')!;
      expect(failure.reason).toMatchObject({ statusCode: 409, message: LAST_ADMIN_MESSAGE });
      const left = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
      expect(left.filter((u) => u.approved)).toHaveLength(1);
    }
  });
});
