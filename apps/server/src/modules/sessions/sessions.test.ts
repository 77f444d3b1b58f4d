import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { processEnv } from '../../config/env';
import { LIVE_CHANNEL, listenPostgres, type ListenHandlers } from '@villas/db/listener';
import { sessions, users } from '@villas/db/schema';
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

describe('while the instance cannot hear the database', () => {
  it('keeps no session from the moment its listening connection is lost until it listens again', async () => {
    // The app's listeners, driven by the test: "lost" and "back" when the test says so. The session
    // cache's is the one that wants to hear of a loss.
    const listening: ListenHandlers[] = [];
    const app = await buildApp({
      config: ctx.config,
      database: {
        ...ctx.database,
        listen: async (_channel, h) => {
          listening.push(h);
          return { close: async () => undefined };
        },
      },
    });
    try {
      await app.ready();
      const { cookie } = await signedIn(app, ctx.db);
      expect((await me(app, cookie)).statusCode).toBe(200);
      expect(app.sessionCache.size).toBe(1);

      const handlers = listening.find((h) => h.onLost)!;
      handlers.onLost!();
      expect(app.sessionCache.size).toBe(0);
      expect((await me(app, cookie)).statusCode).toBe(200);
      expect(app.sessionCache.size).toBe(0);

      handlers.onReconnect!();
      expect((await me(app, cookie)).statusCode).toBe(200);
      expect(app.sessionCache.size).toBe(1);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!processEnv.DATABASE_URL)(
    'PostgreSQL: a terminated listening connection is reported lost, then back',
    async () => {
      const seen: string[] = [];
      // This file's own database (the suite clones one per file), as the app's listener uses it.
      const current = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      const url = new URL(processEnv.DATABASE_URL!);
      url.pathname = `/${current.rows[0]!.name}`;
      const listener = await listenPostgres(
        { connectionString: url.toString(), connectTimeoutMs: 3000 },
        LIVE_CHANNEL,
        {
          onNotify: () => undefined,
          onLost: () => seen.push('lost'),
          onReconnect: () => seen.push('back'),
        },
      );
      try {
        await ctx.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'villas live listener' and datname = current_database()`,
        );
        await expect.poll(() => seen, { timeout: 10_000 }).toEqual(['lost', 'back']);
      } finally {
        await listener.close();
      }
    },
  );
});
