import type { InboxItem, InboxPage } from '@villas/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, inquiries, users, whiteLabelInquiries } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

/** GET /api/admin/inquiries: every request in one list, for administrators. */
const ctx = useTestContext();

type Session = Awaited<ReturnType<typeof signedIn>>;
const as = (s: Session) => ({ cookie: s.cookie });

let seq = 0;
const email = (who: string) => `${who}-${Date.now().toString(36)}${seq++}@example.com`;

const inbox = async (admin: Session, query = '') => {
  const res = await ctx.app.inject({ url: `/api/admin/inquiries${query}`, headers: as(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPage>();
};

const post = (payload: object, s?: Session) =>
  ctx.app.inject({ method: 'POST', url: '/api/inquiries', payload, headers: s ? as(s) : {} });

/** The four ways a request arrives, for `agent`'s villa and link; returns the e-mails used. */
async function fourRequests(agent: Session) {
  const villa = await createProperty(ctx.db);
  const mails = {
    contact: email('contact'),
    offMarket: email('vip'),
    booking: email('booking'),
    link: email('client'),
  };
  expect(
    (await post({ firstName: 'Carla', lastName: 'Contact', email: mails.contact, message: 'Hello there' }))
      .statusCode,
  ).toBe(201);
  expect(
    (
      await post({
        type: 'off-market',
        firstName: 'Otto',
        lastName: 'Market',
        email: mails.offMarket,
        budget: '€90,000',
      })
    ).statusCode,
  ).toBe(201);
  const booking = await post(
    {
      firstName: 'Bruno',
      lastName: 'Guest',
      email: mails.booking,
      propertyId: villa.id,
      guests: 2,
      checkIn: '2031-07-01',
      checkOut: '2031-07-08',
    },
    agent,
  );
  expect(booking.statusCode, booking.body).toBe(201);
  const link = await ctx.app.inject({
    method: 'POST',
    url: '/api/white-label',
    headers: as(agent),
    payload: { agentId: agent.user.id, title: 'Alpha Voyages - Ada', propertyIds: [villa.id] },
  });
  expect(link.statusCode, link.body).toBe(201);
  const request = await ctx.app.inject({
    method: 'POST',
    url: `/api/white-label/${link.json().uuid}/booking-request`,
    payload: { propertyId: villa.id, clientName: 'Lina Client', clientEmail: mails.link, guests: 3 },
  });
  expect(request.statusCode, request.body).toBe(201);
  return { villa, mails, linkId: link.json().id as number, bookingId: booking.json().id as number };
}

const agentSession = () =>
  signedIn(ctx.app, ctx.db, 'agent', { firstName: 'Ada', lastName: 'Alpha', company: 'Alpha Voyages' });
const adminSession = () => signedIn(ctx.app, ctx.db, 'admin');

describe('GET /api/admin/inquiries', () => {
  it('lists the four kinds of request, newest first, each with its source, agent and agency', async () => {
    const admin = await adminSession();
    const agent = await agentSession();
    const { villa, mails, linkId } = await fourRequests(agent);

    const page = await inbox(admin, '?limit=100');
    const mine = page.items.filter((i) => Object.values(mails).includes(i.email));
    expect(mine.map((i) => i.source)).toEqual(['link-request', 'agent-booking', 'off-market', 'contact']);
    const bySource = Object.fromEntries(mine.map((i) => [i.source, i])) as Record<string, InboxItem>;
    expect(bySource['link-request']).toMatchObject({
      key: expect.stringMatching(/^link-request-\d+$/),
      status: 'pending',
      name: 'Lina Client',
      propertyId: villa.id,
      propertyName: villa.name,
      guests: 3,
      agentId: agent.user.id,
      agentName: 'Ada Alpha',
      agencyName: 'Alpha Voyages',
      linkId,
      linkTitle: 'Alpha Voyages - Ada',
    });
    expect(bySource['agent-booking']).toMatchObject({
      key: expect.stringMatching(/^inquiry-\d+$/),
      name: 'Bruno Guest',
      propertyName: villa.name,
      checkIn: '2031-07-01',
      checkOut: '2031-07-08',
      agentId: agent.user.id,
      agentName: 'Ada Alpha',
      agencyName: 'Alpha Voyages',
    });
    expect(bySource['off-market']).toMatchObject({ budget: '€90,000', agentId: null, agentName: null });
    expect(bySource.contact).toMatchObject({ name: 'Carla Contact', inquiryType: 'other', agentId: null });
    for (const i of mine) expect(new Date(i.createdAt).toISOString()).toBe(i.createdAt);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.counts.pending).toBeGreaterThanOrEqual(4);
  });

  it("records the session's agent, whatever the body says, and keeps their name once the account is gone", async () => {
    const admin = await adminSession();
    const agent = await agentSession();
    const other = await signedIn(ctx.app, ctx.db, 'agent', { firstName: 'Mallory', company: 'Elsewhere' });
    const villa = await createProperty(ctx.db);
    const res = await post(
      {
        firstName: 'Bruno',
        lastName: 'Guest',
        email: email('spoof'),
        propertyId: villa.id,
        agentId: other.user.id,
        agentName: 'Mallory',
        agencyName: 'Elsewhere',
        agentCompany: 'Elsewhere',
      },
      agent,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(inquiries).where(eq(inquiries.id, res.json().id));
    expect(row).toMatchObject({
      agentId: agent.user.id,
      agentName: 'Ada Alpha',
      agentCompany: 'Alpha Voyages',
    });

    expect((await inbox(admin, `?agentId=${other.user.id}`)).items).toEqual([]);
    await ctx.db.delete(users).where(eq(users.id, agent.user.id));
    const [kept] = (await inbox(admin, `?propertyId=${villa.id}`)).items;
    expect(kept).toMatchObject({ agentId: null, agentName: 'Ada Alpha', agencyName: 'Alpha Voyages' });
  });

  it('combines the filters: source, status, agent, villa and the days received', async () => {
    const admin = await adminSession();
    const agent = await agentSession();
    const { villa, bookingId } = await fourRequests(agent);
    const second = await fourRequests(await agentSession());

    const mine = await inbox(admin, `?agentId=${agent.user.id}`);
    expect(mine.items.map((i) => i.source).sort()).toEqual(['agent-booking', 'link-request']);
    expect(mine.total).toBe(2);

    const links = await inbox(admin, `?agentId=${agent.user.id}&source=link-request`);
    expect(links.items.map((i) => i.source)).toEqual(['link-request']);

    const onVilla = await inbox(admin, `?propertyId=${villa.id}&source=agent-booking`);
    expect(onVilla.items.map((i) => i.id)).toEqual([bookingId]);
    expect((await inbox(admin, `?propertyId=${second.villa.id}&agentId=${agent.user.id}`)).items).toEqual([]);

    const closed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${bookingId}/status`,
      headers: as(admin),
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    const pending = await inbox(admin, `?agentId=${agent.user.id}&status=pending`);
    expect(pending.items.map((i) => i.source)).toEqual(['link-request']);
    expect(pending.total).toBe(1);
    // The counts per status follow the other filters, whatever the status asked.
    expect(pending.counts).toMatchObject({ pending: 1, closed: 1, responded: 0 });
    expect((await inbox(admin, `?agentId=${agent.user.id}&status=closed`)).items[0]!.id).toBe(bookingId);

    const today = new Date().toISOString().slice(0, 10);
    expect((await inbox(admin, `?agentId=${agent.user.id}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await inbox(admin, `?agentId=${agent.user.id}&to=2020-01-01`)).total).toBe(0);
    expect((await inbox(admin, `?agentId=${agent.user.id}&from=2099-01-01`)).total).toBe(0);
  });

  it('pages 24 at a time with the total, newest first, the same order on every page', async () => {
    const admin = await adminSession();
    // 30 contact messages received on 2 March 2021, a minute apart.
    await ctx.db.insert(inquiries).values(
      Array.from({ length: 30 }, (_, n) => ({
        kind: 'contact' as const,
        firstName: `Paged${n}`,
        lastName: 'Sender',
        email: `paged${n}@example.com`,
        message: 'Paged',
        createdAt: new Date(Date.UTC(2021, 2, 2, 8, n)),
      })),
    );
    const range = '?from=2021-03-02&to=2021-03-02';
    const first = await inbox(admin, range);
    expect(first).toMatchObject({ total: 30, limit: 24, offset: 0 });
    expect(first.items).toHaveLength(24);
    expect(first.items[0]!.name).toBe('Paged29 Sender');
    const second = await inbox(admin, `${range}&offset=24`);
    expect(second.items.map((i) => i.name)).toEqual([5, 4, 3, 2, 1, 0].map((n) => `Paged${n} Sender`));
    expect(second.total).toBe(30);
  });

  it.each([
    ['source=email', 'Source must be one of contact, off-market, agent-booking or link-request'],
    ['status=open', 'Status must be one of pending, responded, contacted, converted or closed'],
    ['agentId=abc', 'Use a numeric agentId'],
    ['propertyId=1.5', 'Use a numeric propertyId'],
    ['from=2026-02-30', 'Use a real calendar date in the form yyyy-MM-dd'],
    ['from=2026-03-02&to=2026-03-01', 'The date range must end on or after its start'],
    ['limit=500', 'limit must be at most 100'],
  ])('refuses %s with 400 naming what it takes', async (query, message) => {
    const admin = await adminSession();
    const res = await ctx.app.inject({ url: `/api/admin/inquiries?${query}`, headers: as(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers administrators only: 401 signed out, 403 to an agent', async () => {
    const agent = await agentSession();
    expect((await ctx.app.inject({ url: '/api/admin/inquiries' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      url: `/api/admin/inquiries?agentId=${agent.user.id}`,
      headers: as(agent),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('@example.com');
  });
});

describe("a link request's status from the inbox", () => {
  it("an administrator's change is audited, the agent's own is not", async () => {
    const admin = await adminSession();
    const agent = await agentSession();
    await fourRequests(agent);
    const [request] = (await inbox(admin, `?agentId=${agent.user.id}&source=link-request`)).items;
    const put = (s: Session, status: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/white-label-inquiries/${request!.id}`,
        headers: as(s),
        payload: { status },
      });

    expect((await put(admin, 'contacted')).statusCode).toBe(200);
    expect((await inbox(admin, `?agentId=${agent.user.id}&status=contacted`)).items[0]!.key).toBe(
      request!.key,
    );
    const rows = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'white-label-inquiry.status'), eq(auditLog.targetId, String(request!.id))),
        );
    expect(await rows()).toMatchObject([
      { actorId: admin.user.id, targetType: 'white-label-inquiry', summary: { status: 'contacted' } },
    ]);

    expect((await put(agent, 'converted')).statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
    const [stored] = await ctx.db
      .select()
      .from(whiteLabelInquiries)
      .where(eq(whiteLabelInquiries.id, request!.id));
    expect(stored!.status).toBe('converted');
  });
});
