import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { sessions, users } from '../../db/schema';
import { createUser, signIn, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

// The session cache (session-cache.ts) must never answer for a session or an account as it was:
// each case first has the session looked up (and kept), then changes it, then asks again.
const ctx = useTestContext();

const me = (app: App, cookie: string) => app.inject({ url: '/api/auth/user', headers: { cookie } });

describe('signed-in sessions kept by an instance', () => {
  /** A second instance of the app on the same database, as behind a load balancer. */
  let other: App;
  beforeAll(async () => {
    other = await buildApp({ config: ctx.config, database: ctx.database });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
  });

  it('keeps a looked-up session', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db);
    expect((await me(ctx.app, cookie)).statusCode).toBe(200);
    expect(ctx.app.sessionCache.size).toBeGreaterThan(0);
  });

  it('answers 401 on every instance once the session is signed out on one', async () => {
    const { cookie } = await signedIn(ctx.app, ctx.db);
    expect((await me(ctx.app, cookie)).statusCode).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(200);
    await other.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await me(other, cookie)).statusCode).toBe(401);
    await expect.poll(async () => (await me(ctx.app, cookie)).statusCode).toBe(401);
  });

  it('answers 401 once the session row is gone (the expiry sweep, a sign-in elsewhere)', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    expect((await me(ctx.app, cookie)).statusCode).toBe(200);
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await me(ctx.app, cookie)).statusCode).toBe(401);
  });

  it('answers 401 once an administrator revokes the account, on every instance', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    expect((await me(ctx.app, cookie)).statusCode).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(200);
    const res = await other.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      headers: { cookie: admin.cookie },
      payload: { approved: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(401);
    await expect.poll(async () => (await me(ctx.app, cookie)).statusCode).toBe(401);
  });

  it('answers with the account as it is now after its name or role changes', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db, 'agent', { firstName: 'Lena' });
    expect((await me(ctx.app, cookie)).json()).toMatchObject({ firstName: 'Lena', role: 'agent' });
    await ctx.db.update(users).set({ firstName: 'Helena', role: 'admin' }).where(eq(users.id, user.id));
    await expect
      .poll(async () => (await me(ctx.app, cookie)).json())
      .toMatchObject({ firstName: 'Helena', role: 'admin' });
    // And the role counts at once: an admin-only route opens.
    expect((await ctx.app.inject({ url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers 401 once the account is deleted', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signIn(ctx.app, user.email);
    expect((await me(ctx.app, cookie)).statusCode).toBe(200);
    await ctx.db.delete(users).where(eq(users.id, user.id));
    await expect.poll(async () => (await me(ctx.app, cookie)).statusCode).toBe(401);
  });
});
