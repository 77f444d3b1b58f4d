import { addDays, ErrorCode, formatLongDate, HOLD_MESSAGES, type Hold } from '@villas/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { holds } from '@villas/db/schema';
import {
  linkInquiry,
  makeOverdue,
  nightsOf,
  placeHold,
  seedActiveHolds,
  sendBookingInquiry,
  stayIn,
} from './holds.fixtures';
import { HoldSweeper } from './holds.sweeper';

/**
 * What one agent may hold (docs/decisions/013-holds.md): within the inquiry's dates, at most
 * HOLD_MAX_NIGHTS_UNDATED nights on a request without dates, and per agent at most
 * HOLD_MAX_ACTIVE_PER_AGENT active holds and HOLD_MAX_NIGHTS_PER_AGENT held nights (the defaults,
 * 14, 20 and 120, here).
 */
const ctx = useTestContext();

const agent = () => signedIn(ctx.app, ctx.db, 'agent', { firstName: 'Sophie', lastName: 'Moreau' });

/** A booking inquiry of `cookie`'s agent on a new villa (dated when `stay` is given). */
async function inquiryOn(cookie: string, stay?: { checkIn: string; checkOut: string }) {
  const property = await createProperty(ctx.db);
  const inquiryId = await sendBookingInquiry(ctx.app, { propertyId: property.id, cookie, ...stay });
  return { property, inquiryId };
}

/** The agent's holds in force (active, not past their expiry). */
const activeOf = async (agentId: number) =>
  (await ctx.db.select().from(holds).where(eq(holds.agentId, agentId))).filter(
    (h) => h.status === 'active' && h.expiresAt.getTime() > Date.now(),
  );

describe('the nights a hold may cover', () => {
  it('on an inquiry with dates: only nights within them, else 400 naming the dates', async () => {
    const { cookie } = await agent();
    const dates = stayIn(30, 7);
    const { property, inquiryId } = await inquiryOn(cookie, dates);
    const named = HOLD_MESSAGES.outsideInquiryDates(
      `${formatLongDate(dates.checkIn)} – ${formatLongDate(dates.checkOut)}`,
    );
    for (const [stay, field] of [
      [{ checkIn: addDays(dates.checkIn, -1), checkOut: addDays(dates.checkIn, 3) }, 'checkIn'],
      [{ checkIn: addDays(dates.checkIn, 3), checkOut: addDays(dates.checkOut, 1) }, 'checkOut'],
      [stayIn(60, 3), 'checkOut'],
    ] as const) {
      const res = await placeHold(ctx.app, cookie, { inquiryId, ...stay });
      expect(res.statusCode, JSON.stringify(stay)).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: named });
      expect(res.json().issues.map((i: { path: string[] }) => i.path[0])).toContain(field);
    }
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);

    // Some of its nights, up to its check-out day, are fine.
    const inside = { checkIn: addDays(dates.checkIn, 2), checkOut: dates.checkOut };
    const ok = await placeHold(ctx.app, cookie, { inquiryId, ...inside });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ ...inside, nights: 5 });
  });

  it('on a request without dates: at most 14 nights, else 400 with the limit', async () => {
    const { cookie, user } = await agent();
    const { inquiryId } = await inquiryOn(cookie);
    const tooLong = await placeHold(ctx.app, cookie, { inquiryId, ...stayIn(30, 15) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(HOLD_MESSAGES.undatedTooLong(14, 15));
    expect(await activeOf(user.id)).toHaveLength(0);

    const ok = await placeHold(ctx.app, cookie, { inquiryId, ...stayIn(30, 14) });
    expect(ok.statusCode, ok.body).toBe(201);

    // A client's request without dates on the agent's link: the same limit.
    const property = await createProperty(ctx.db);
    const wl = await linkInquiry(ctx.db, { agentId: user.id, propertyId: property.id });
    const wlTooLong = await placeHold(ctx.app, cookie, {
      inquiryId: wl,
      inquiryKind: 'white-label',
      ...stayIn(50, 20),
    });
    expect(wlTooLong.statusCode).toBe(400);
    expect(wlTooLong.json().message).toBe(HOLD_MESSAGES.undatedTooLong(14, 20));
  });
});

describe('what one agent may hold at once', () => {
  it('at most 20 active holds: the 21st is refused with 409 naming the limit, until one ends', async () => {
    const { cookie, user } = await agent();
    const villa = await createProperty(ctx.db);
    const [first, ...rest] = await seedActiveHolds(ctx.db, {
      agentId: user.id,
      count: 19,
      nights: 1,
      propertyId: villa.id,
    });
    // An overdue hold does not count: 18 in force, so two more may be placed.
    await makeOverdue(ctx.db, rest[0]!);
    for (let i = 0; i < 2; i++) {
      const { inquiryId } = await inquiryOn(cookie, stayIn(20, 2));
      expect((await placeHold(ctx.app, cookie, { inquiryId })).statusCode).toBe(201);
    }

    const { property, inquiryId } = await inquiryOn(cookie, stayIn(20, 2));
    const refused = await placeHold(ctx.app, cookie, { inquiryId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.HOLD_LIMIT_ACTIVE,
      message:
        'You already have 20 active holds; one agent may keep at most 20. Release one or let one expire first.',
    });
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);
    expect(await activeOf(user.id)).toHaveLength(20);

    // An administrator placing it for the agent meets the same limit, named for the agent.
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const byAdmin = await placeHold(ctx.app, admin.cookie, { inquiryId });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toBe(HOLD_MESSAGES.activeCap('Sophie Moreau', 20, 20));

    const release = await ctx.app.inject({
      method: 'POST',
      url: `/api/holds/${first}/release`,
      headers: { cookie },
    });
    expect(release.statusCode).toBe(200);
    expect((await placeHold(ctx.app, cookie, { inquiryId })).statusCode).toBe(201);
  });

  it('at most 120 held nights: a hold going over is refused with 409 naming the numbers', async () => {
    const { cookie, user } = await agent();
    const villa = await createProperty(ctx.db);
    await seedActiveHolds(ctx.db, { agentId: user.id, count: 2, nights: 59, propertyId: villa.id });
    const { property, inquiryId } = await inquiryOn(cookie, stayIn(20, 3));
    const refused = await placeHold(ctx.app, cookie, { inquiryId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.HOLD_LIMIT_NIGHTS,
      message:
        'You already hold 118 nights; this hold’s 3 would make 121, and one agent may hold at most 120 nights at once. Release a hold or hold fewer nights.',
    });
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);

    // Two of the inquiry's three nights bring it to exactly 120.
    const stay = stayIn(20, 2);
    const ok = await placeHold(ctx.app, cookie, { inquiryId, ...stay });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Hold).nights).toBe(2);
  });

  it('holds placed before the limits stay in force until they end; new ones wait below the limits', async () => {
    const { cookie, user } = await agent();
    const villa = await createProperty(ctx.db);
    const earlier = await seedActiveHolds(ctx.db, {
      agentId: user.id,
      count: 25,
      nights: 6,
      propertyId: villa.id,
    });
    const { inquiryId } = await inquiryOn(cookie, stayIn(20, 2));
    const refused = await placeHold(ctx.app, cookie, { inquiryId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HOLD_MESSAGES.activeCap(null, 25, 20));

    // Nothing ends them early: a sweep leaves them, the agent still sees them active.
    await new HoldSweeper(ctx.db, ctx.app.log, 0).sweep();
    const rows = await ctx.db.select().from(holds).where(inArray(holds.id, earlier));
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/holds?status=active', headers: { cookie } })
    ).json() as Hold[];
    expect(mine.map((h) => h.id).sort((a, b) => a - b)).toEqual(earlier);
  });
});
