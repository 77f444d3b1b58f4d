import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '@villas/db/schema';
import { signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { notify } from './notifications.service';

const ctx = useTestContext();

async function seed(userId: number, title: string, createdAt = new Date()) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId, type: 'test', title, message: `${title} message`, createdAt })
    .returning();
  return row!;
}

describe('GET /api/notifications/:userId', () => {
  it('lists your own notifications newest first with the original fields', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    await seed(user.id, 'Older', new Date(Date.now() - 60_000));
    await seed(user.id, 'Newer');
    const res = await ctx.app.inject({ url: `/api/notifications/${user.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((n: { title: string }) => n.title)).toEqual(['Newer', 'Older']);
    expect(list[0]).toMatchObject({ type: 'test', message: 'Newer message', read: false });
    expect(Object.keys(list[0]).sort()).toEqual(
      ['createdAt', 'id', 'message', 'read', 'relatedId', 'relatedType', 'title', 'type'].sort(),
    );
  });

  it("answers 404 and nothing else for another user's id, administrators included", async () => {
    const a = await signedIn(ctx.app, ctx.db);
    const b = await signedIn(ctx.app, ctx.db);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    await seed(a.user.id, 'Secret for A');
    for (const cookie of [b.cookie, admin.cookie]) {
      const res = await ctx.app.inject({ url: `/api/notifications/${a.user.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret for A');
    }
  });

  it('needs a signed-in user and a numeric id', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    expect((await ctx.app.inject({ url: `/api/notifications/${user.id}` })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ url: '/api/notifications/me', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Use a numeric user id');
  });

  it('pages with limit and offset', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    for (let i = 0; i < 3; i++) await seed(user.id, `N${i}`, new Date(Date.now() - (3 - i) * 1000));
    const res = await ctx.app.inject({
      url: `/api/notifications/${user.id}?limit=1&offset=1`,
      headers: { cookie },
    });
    expect(res.json().map((n: { title: string }) => n.title)).toEqual(['N1']);
  });
});

describe('PUT /api/notifications/:id/read and DELETE /api/notifications/:id', () => {
  it('marks your own notification as read', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    const n = await seed(user.id, 'To read');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/${n.id}/read`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: n.id, read: true });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row!.read).toBe(true);
  });

  it("answers 404 for another user's notification and leaves it untouched", async () => {
    const a = await signedIn(ctx.app, ctx.db);
    const b = await signedIn(ctx.app, ctx.db);
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const n = await seed(a.user.id, 'Private');
    for (const cookie of [b.cookie, admin.cookie]) {
      const read = await ctx.app.inject({
        method: 'PUT',
        url: `/api/notifications/${n.id}/read`,
        headers: { cookie },
      });
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('Private');
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/notifications/${n.id}`,
        headers: { cookie },
      });
      expect(del.statusCode).toBe(404);
    }
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row).toMatchObject({ read: false, title: 'Private' });
  });

  it('deletes your own notification; a second delete is 404', async () => {
    const { user, cookie } = await signedIn(ctx.app, ctx.db);
    const n = await seed(user.id, 'To delete');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${n.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(rows).toHaveLength(0);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${n.id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Notification not found');
  });
});

describe('events that notify', () => {
  it('tells every administrator about a new agent application', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Nadia',
        lastName: 'Rossi',
        email: `nadia.${Date.now()}@example.com`,
        company: 'Amalfi Journeys',
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
      },
    });
    expect(res.statusCode).toBe(201);
    const list = (
      await ctx.app.inject({ url: `/api/notifications/${admin.user.id}`, headers: { cookie: admin.cookie } })
    ).json();
    expect(list.some((n: { message: string; title: string }) => /Nadia/.test(n.title + n.message))).toBe(
      true,
    );
  });

  it('tells an agent their account was approved', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const pending = await signedIn(ctx.app, ctx.db);
    await ctx.db.update(users).set({ approved: false }).where(eq(users.id, pending.user.id));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${pending.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { approved: true },
    });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pending.user.id), eq(notifications.type, 'account_approved')));
    expect(rows).toHaveLength(1);
  });

  it('notify() stores an unread notification for the user', async () => {
    const { user } = await signedIn(ctx.app, ctx.db);
    await notify(ctx.db, { userId: user.id, type: 'x', title: 'Hello', message: 'World' });
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toMatchObject([{ title: 'Hello', read: false }]);
  });
});
