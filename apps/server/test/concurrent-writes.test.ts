import { and, eq } from 'drizzle-orm';
import { addDays } from '@villas/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  dailyPricing,
  holds,
  inquiries,
  whiteLabelInquiries,
  whiteLabelLinks,
} from '@villas/db/schema';
import { nightsOf, placeHold, sendBookingInquiry, stayIn } from '../src/modules/holds/holds.fixtures';
import { createProperty, signedIn } from './factories';
import { useTestContext } from './helpers';

/**
 * 50 writers at once on one row, on the embedded database and, in CI, on PostgreSQL with
 * a connection pool: every request answers 2xx, one row stays, its value is one of those written
 * and every reader sees the same; nothing written to different rows at the same time is lost; every
 * administrator's change leaves its audit row.
 */
const ctx = useTestContext();
const WRITERS = 50;
let admin = '';
let agent = { id: 0, cookie: '' };

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const a = await signedIn(ctx.app, ctx.db);
  agent = { id: a.user.id, cookie: a.cookie };
});

const inject = (method: 'POST' | 'PUT' | 'GET', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const statuses = (answers: Array<{ statusCode: number }>) =>
  answers.reduce<Record<number, number>>(
    (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
    {},
  );

describe(`${WRITERS} concurrent writers`, () => {
  it('on one (property, date) price: all succeed, one row, the last write is what everyone reads', async () => {
    const villa = await createProperty(ctx.db);
    const date = '2031-08-15';
    const prices = Array.from({ length: WRITERS }, (_, i) => 2000 + i);
    const answers = await Promise.all(
      prices.map((price) =>
        inject('POST', '/api/daily-pricing', admin, { propertyId: villa.id, date, price }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: WRITERS });
    const rows = await ctx.db
      .select()
      .from(dailyPricing)
      .where(and(eq(dailyPricing.propertyId, villa.id), eq(dailyPricing.date, date)));
    expect(rows).toHaveLength(1);
    const final = Number(rows[0]!.price);
    expect(prices).toContain(final);
    // Every reader sees the one stored value.
    const reads = await Promise.all(
      Array.from({ length: 5 }, () =>
        inject('GET', `/api/calendar-pricing/${villa.id}?startDate=${date}&endDate=${date}`, admin),
      ),
    );
    for (const r of reads) expect(r.json().map((p: { price: number }) => Number(p.price))).toEqual([final]);
    await ctx.app.auditSettled();
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pricing.set'), eq(auditLog.targetId, String(villa.id))));
    expect(audited).toHaveLength(WRITERS);
  });

  it('on one property, each on its own nights: every night keeps its own writer’s price', async () => {
    const villa = await createProperty(ctx.db);
    const nights = Array.from({ length: WRITERS }, (_, i) => addDays('2032-01-01', i));
    const answers = await Promise.all(
      nights.map((from, i) =>
        inject('POST', '/api/daily-pricing/bulk', admin, {
          propertyId: villa.id,
          ranges: [{ from, to: addDays(from, 1), price: 3000 + i }],
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: WRITERS });
    const rows = await ctx.db.select().from(dailyPricing).where(eq(dailyPricing.propertyId, villa.id));
    const stored = Object.fromEntries(rows.map((r) => [r.date, Number(r.price)]));
    expect(stored).toEqual(Object.fromEntries(nights.map((d, i) => [d, 3000 + i])));
  });

  it("on one off-market inquiry's status (admins): all succeed, each change audited, the row holds one of them", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { type: 'off-market', firstName: 'Olga', lastName: 'Owner', email: 'olga@example.com' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const wanted = Array.from(
      { length: WRITERS },
      (_, i) => (['pending', 'responded', 'closed'] as const)[i % 3],
    );
    const answers = await Promise.all(
      wanted.map((status) => inject('PUT', `/api/inquiries/${id}/status`, admin, { status })),
    );
    expect(statuses(answers)).toEqual({ 200: WRITERS });
    answers.forEach((r, i) => expect(r.json().status).toBe(wanted[i]));
    const [row] = await ctx.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(wanted).toContain(row!.status);
    await ctx.app.auditSettled();
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inquiry.status'), eq(auditLog.targetId, String(id))));
    expect(audited).toHaveLength(WRITERS);
    expect(audited.map((a) => (a.summary as { status: string }).status).sort()).toEqual([...wanted].sort());
  });

  it('on one booking inquiry of a white-label link (its agent): all succeed, the row holds one of them', async () => {
    const villa = await createProperty(ctx.db);
    const link = await inject('POST', '/api/white-label', agent.cookie, {
      agentId: agent.id,
      title: 'For the Laurents',
      propertyIds: [villa.id],
    });
    expect(link.statusCode, link.body).toBe(201);
    const booking = await ctx.app.inject({
      method: 'POST',
      url: `/api/white-label/${link.json().uuid}/booking-request`,
      payload: { propertyId: villa.id, clientName: 'Lea Laurent', clientEmail: 'lea@example.com' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const id = booking.json().id as number;
    const wanted = Array.from(
      { length: WRITERS },
      (_, i) => (['contacted', 'converted', 'closed', 'pending'] as const)[i % 4],
    );
    const answers = await Promise.all(
      wanted.map((status) => inject('PUT', `/api/white-label-inquiries/${id}`, agent.cookie, { status })),
    );
    expect(statuses(answers)).toEqual({ 200: WRITERS });
    answers.forEach((r, i) => expect(r.json().status).toBe(wanted[i]));
    const [row] = await ctx.db
      .select({ status: whiteLabelInquiries.status })
      .from(whiteLabelInquiries)
      .innerJoin(whiteLabelLinks, eq(whiteLabelLinks.id, whiteLabelInquiries.whiteLabelLinkId))
      .where(eq(whiteLabelInquiries.id, id));
    expect(wanted).toContain(row!.status);
    const listed = await inject('GET', `/api/white-label-inquiries/agent/${agent.id}`, agent.cookie);
    expect(listed.json().find((i: { id: number }) => i.id === id).status).toBe(row!.status);
  });
});

describe(`${WRITERS} concurrent writers on one hold`, () => {
  it('its agent releasing and an administrator confirming at once: exactly one wins, the nights follow it', async () => {
    const villa = await createProperty(ctx.db);
    const { checkIn, checkOut } = stayIn(40, 4);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: villa.id,
      cookie: agent.cookie,
      checkIn,
      checkOut,
    });
    const placed = await placeHold(ctx.app, agent.cookie, { inquiryId, expiresInHours: 24 });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as number;
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        i % 2
          ? inject('POST', `/api/holds/${id}/release`, agent.cookie)
          : inject('POST', `/api/holds/${id}/confirm`, admin),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: WRITERS - 1 });
    const winner = answers.find((r) => r.statusCode === 200)!.json() as { status: string };
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(r.json().message).toEqual(expect.any(String));
    const [row] = await ctx.db.select().from(holds).where(eq(holds.id, id));
    expect(row!.status).toBe(winner.status);
    const nights = await nightsOf(ctx.db, villa.id);
    const blocked = [...nights.values()].filter((n) => !n.available).length;
    expect(blocked).toBe(winner.status === 'confirmed' ? 4 : 0);
  });
});
