import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, whiteLabelInquiries, whiteLabelLinks } from '@villas/db/schema';
import { createProperty, signedIn } from './factories';
import { useTestContext } from './helpers';

/**
 * The one access rule of lib/access.ts, route by route: agent A acts on A's own data; agent B gets
 * 404 for it; an administrator may act on A's white-label links and inquiries but not on A's
 * notifications (404); nobody signed in gets 401.
 */
const ctx = useTestContext();

type Session = Awaited<ReturnType<typeof signedIn>>;
type Who = 'owner' | 'other agent' | 'admin' | 'anonymous';
let a: Session;
let b: Session;
let admin: Session;

beforeAll(async () => {
  a = await signedIn(ctx.app, ctx.db);
  b = await signedIn(ctx.app, ctx.db);
  admin = await signedIn(ctx.app, ctx.db, 'admin');
});

const headersOf = (who: Who) => {
  const s = { owner: a, 'other agent': b, admin, anonymous: undefined }[who];
  return s ? { cookie: s.cookie } : {};
};

/** A fresh link of agent A with one booking request on it. */
async function linkOfA() {
  const villa = await createProperty(ctx.db);
  const link = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/white-label',
      headers: { cookie: a.cookie },
      payload: { agentId: a.user.id, title: 'For the Martins', propertyIds: [villa.id] },
    })
  ).json();
  const inquiry = (
    await ctx.app.inject({
      method: 'POST',
      url: `/api/white-label/${link.uuid}/booking-request`,
      payload: { propertyId: villa.id, clientName: 'Jane Client', clientEmail: 'jane@example.com' },
    })
  ).json();
  return { link: link as { id: number; uuid: string }, inquiry: inquiry as { id: number } };
}

async function notificationOfA() {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId: a.user.id, type: 'test', title: 'Private to A', message: 'Only for A' })
    .returning();
  return row!;
}

const linkDeleted = async (id: number) =>
  (await ctx.db.select().from(whiteLabelLinks).where(eq(whiteLabelLinks.id, id)))[0]!.deletedAt !== null;
const inquiryStatus = async (id: number) =>
  (await ctx.db.select().from(whiteLabelInquiries).where(eq(whiteLabelInquiries.id, id)))[0]!.status;
const notificationRow = async (id: number) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.id, id)))[0];

interface RouteCase {
  route: string;
  /** Status for owner, other agent, admin, anonymous. */
  expected: Record<Who, number>;
  /** Sends the request as `who` on fresh data of A; checks what changed (or did not). */
  run(who: Who, status: number): Promise<void>;
}

const cases: RouteCase[] = [
  {
    route: 'GET /api/white-label/agent/:agentId',
    expected: { owner: 200, 'other agent': 404, admin: 200, anonymous: 401 },
    async run(who, status) {
      const { link } = await linkOfA();
      const res = await ctx.app.inject({
        url: `/api/white-label/agent/${a.user.id}`,
        headers: headersOf(who),
      });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json().map((l: { id: number }) => l.id)).toContain(link.id);
      else expect(res.body).not.toContain('For the Martins');
    },
  },
  {
    route: 'DELETE /api/white-label/:id',
    expected: { owner: 200, 'other agent': 404, admin: 200, anonymous: 401 },
    async run(who, status) {
      const { link } = await linkOfA();
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/white-label/${link.id}`,
        headers: headersOf(who),
      });
      expect(res.statusCode).toBe(status);
      expect(await linkDeleted(link.id)).toBe(status === 200);
    },
  },
  {
    route: 'GET /api/white-label-inquiries/agent/:agentId',
    expected: { owner: 200, 'other agent': 404, admin: 200, anonymous: 401 },
    async run(who, status) {
      const { inquiry } = await linkOfA();
      const res = await ctx.app.inject({
        url: `/api/white-label-inquiries/agent/${a.user.id}`,
        headers: headersOf(who),
      });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json().map((i: { id: number }) => i.id)).toContain(inquiry.id);
      else expect(res.body).not.toMatch(/Jane Client|jane@example.com/);
    },
  },
  {
    route: 'PUT /api/white-label-inquiries/:id',
    expected: { owner: 200, 'other agent': 404, admin: 200, anonymous: 401 },
    async run(who, status) {
      const { inquiry } = await linkOfA();
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/white-label-inquiries/${inquiry.id}`,
        headers: headersOf(who),
        payload: { status: 'contacted' },
      });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json()).toMatchObject({ id: inquiry.id, status: 'contacted' });
      else expect(res.body).not.toContain('Jane Client');
      expect(await inquiryStatus(inquiry.id)).toBe(status === 200 ? 'contacted' : 'pending');
    },
  },
  {
    route: 'GET /api/notifications/:userId',
    expected: { owner: 200, 'other agent': 404, admin: 404, anonymous: 401 },
    async run(who, status) {
      const n = await notificationOfA();
      const res = await ctx.app.inject({ url: `/api/notifications/${a.user.id}`, headers: headersOf(who) });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json().map((x: { id: number }) => x.id)).toContain(n.id);
      else expect(res.body).not.toContain('Private to A');
    },
  },
  {
    route: 'PUT /api/notifications/:id/read',
    expected: { owner: 200, 'other agent': 404, admin: 404, anonymous: 401 },
    async run(who, status) {
      const n = await notificationOfA();
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/notifications/${n.id}/read`,
        headers: headersOf(who),
      });
      expect(res.statusCode).toBe(status);
      expect((await notificationRow(n.id))!.read).toBe(status === 200);
    },
  },
  {
    route: 'DELETE /api/notifications/:id',
    expected: { owner: 200, 'other agent': 404, admin: 404, anonymous: 401 },
    async run(who, status) {
      const n = await notificationOfA();
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/notifications/${n.id}`,
        headers: headersOf(who),
      });
      expect(res.statusCode).toBe(status);
      expect(await notificationRow(n.id)).toSatisfy((row) => (status === 200 ? !row : !!row));
    },
  },
];

describe.each(cases)('$route', ({ expected, run }) => {
  it.each(Object.entries(expected) as Array<[Who, number]>)('%s: %i', async (who, status) => {
    await run(who, status);
  });
});

it('POST /api/white-label for agent A: A and an admin may, another agent gets 403, nobody signed in 401', async () => {
  const villa = await createProperty(ctx.db);
  const create = (who: Who) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/white-label',
      headers: headersOf(who),
      payload: { agentId: a.user.id, title: 'On behalf of A', propertyIds: [villa.id] },
    });
  expect((await create('owner')).statusCode).toBe(201);
  expect((await create('admin')).json()).toMatchObject({ agentEmail: a.user.email });
  expect((await create('other agent')).statusCode).toBe(403);
  expect((await create('anonymous')).statusCode).toBe(401);
});
