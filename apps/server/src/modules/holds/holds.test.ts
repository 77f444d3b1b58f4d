import { addDays, eachNight, formatNightRuns, HOLD_MESSAGES, type Hold } from '@villas/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { auditLog, holds, icalFeeds, inquiries, notifications, users } from '@villas/db/schema';
import { applyFeed } from '../integrations/ical/ical.service';
import { block } from '../properties/properties.fixtures';
import { linkInquiry, makeOverdue, nightsOf, placeHold, sendBookingInquiry, stayIn } from './holds.fixtures';
import { HoldSweeper } from './holds.sweeper';

const ctx = useTestContext();

type Who = Awaited<ReturnType<typeof signedIn>>;
let agentA: Who;
let agentB: Who;
let admin: Who;
let country = '';
let regionId = 0;

beforeAll(async () => {
  agentA = await signedIn(ctx.app, ctx.db, 'agent', { firstName: 'Sophie', lastName: 'Moreau' });
  agentB = await signedIn(ctx.app, ctx.db, 'agent', { firstName: 'James', lastName: 'Hartwell' });
  admin = await signedIn(ctx.app, ctx.db, 'admin', { firstName: 'Ines', lastName: 'Admin' });
  const { region } = await createRegion(ctx.db);
  country = region.name;
  regionId = region.id;
});

const villa = (values: Parameters<typeof createProperty>[1] = {}) =>
  createProperty(ctx.db, { regionId, ...values });

/** A villa, an inquiry of agent A for `stay` and the hold placed from it (201 expected). */
async function heldVilla(stay = stayIn(20, 3), extra: Record<string, unknown> = {}) {
  const property = await villa();
  const inquiryId = await sendBookingInquiry(ctx.app, {
    propertyId: property.id,
    cookie: agentA.cookie,
    ...stay,
  });
  const res = await placeHold(ctx.app, agentA.cookie, { inquiryId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return { property, inquiryId, hold: res.json() as Hold, stay };
}

async function searchIds(stay: { checkIn: string; checkOut: string }, cookie = agentB.cookie) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties/search',
    headers: { cookie },
    payload: { country, ...stay },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Array<{ id: number }> | { items: Array<{ id: number }> };
  return (Array.isArray(body) ? body : body.items).map((p) => p.id);
}

const notesOf = (userId: number, type: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

const call = (method: 'GET' | 'POST', url: string, cookie: string) =>
  ctx.app.inject({ method, url, headers: { cookie } });

describe('placing a hold', () => {
  it('blocks the inquiry’s nights for everyone until it expires (48 h by default)', async () => {
    const before = Date.now();
    const { property, hold, stay, inquiryId } = await heldVilla();
    expect(hold).toMatchObject({
      propertyId: property.id,
      propertyName: property.name,
      agentId: agentA.user.id,
      agentName: 'Sophie Moreau',
      inquiryKind: 'booking',
      inquiryId,
      clientName: 'Camille Laurent',
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      nights: 3,
      status: 'active',
      closedAt: null,
    });
    const expires = new Date(hold.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(48 * 3_600_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(48 * 3_600_000);

    const nights = await nightsOf(ctx.db, property.id);
    for (const night of eachNight(stay.checkIn, stay.checkOut)) {
      expect(nights.get(night)).toMatchObject({ available: false, source: `hold:${hold.id}` });
    }
    expect(nights.size).toBe(3);
    // Another agent's dated search no longer shows the villa for those nights, nor an overlapping
    // stay; the stay starting on the check-out day still finds it.
    expect(await searchIds(stay)).not.toContain(property.id);
    expect(
      await searchIds({ checkIn: addDays(stay.checkIn, 2), checkOut: addDays(stay.checkOut, 4) }),
    ).not.toContain(property.id);
    expect(await searchIds({ checkIn: stay.checkOut, checkOut: addDays(stay.checkOut, 3) })).toContain(
      property.id,
    );
    // … and the calendar shows them blocked.
    const cal = await call(
      'GET',
      `/api/availability/${property.id}?startDate=${stay.checkIn}&endDate=${stay.checkOut}`,
      admin.cookie,
    );
    expect(cal.json().filter((r: { available: boolean }) => !r.available)).toHaveLength(3);
  });

  it('lasts as long as the agent chooses, up to 7 days, and refuses more with a message', async () => {
    const { hold } = await heldVilla(stayIn(30, 2), { expiresInHours: 168 });
    expect(new Date(hold.expiresAt).getTime() - Date.now()).toBeGreaterThan(167.9 * 3_600_000);

    const property = await villa();
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentA.cookie,
      ...stayIn(30, 2),
    });
    const tooLong = await placeHold(ctx.app, agentA.cookie, { inquiryId, expiresInHours: 169 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(HOLD_MESSAGES.tooLong);
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);
  });

  it('takes other dates than the inquiry’s when given, and needs dates from one or the other', async () => {
    const property = await villa();
    const open = await sendBookingInquiry(ctx.app, { propertyId: property.id, cookie: agentA.cookie });
    const noDates = await placeHold(ctx.app, agentA.cookie, { inquiryId: open });
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json().message).toBe(HOLD_MESSAGES.noDates);

    const stay = stayIn(40, 7);
    const res = await placeHold(ctx.app, agentA.cookie, { inquiryId: open, ...stay, expiresInHours: 24 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...stay, nights: 7 });
  });

  it.each([
    [{ ...stayIn(10, 0) }, 'Check-out must be after check-in'],
    [
      { checkIn: stayIn(10, 1).checkOut, checkOut: stayIn(10, 1).checkIn },
      'Check-out must be after check-in',
    ],
    [{ ...stayIn(-5, 3) }, 'Check-in cannot be in the past'],
    [{ ...stayIn(10, 91) }, HOLD_MESSAGES.tooManyNights],
    [{ expiresInHours: 0 }, HOLD_MESSAGES.tooShort],
    [{ expiresInHours: '48' }, 'Choose how long the hold lasts, in hours'],
    [{ checkIn: '2031-02-30', checkOut: '2031-03-02' }, 'Use a real calendar date in the form yyyy-MM-dd'],
    [{ inquiryKind: 'contact' }, HOLD_MESSAGES.inquiryKind],
    [{ inquiryId: '1 ' }, 'Use a numeric id'],
  ])('refuses bad input %j with 400 and a message', async (extra, message) => {
    const property = await villa();
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentA.cookie,
      ...stayIn(12, 2),
    });
    const res = await placeHold(ctx.app, agentA.cookie, { inquiryId, ...extra });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await ctx.db.select().from(holds).where(eq(holds.propertyId, property.id))).toHaveLength(0);
  });

  it('refuses a hold from an inquiry whose check-in has passed since', async () => {
    const property = await villa();
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentA.cookie,
      ...stayIn(3, 2),
    });
    await ctx.db.update(inquiries).set(stayIn(-4, 2)).where(eq(inquiries.id, inquiryId));
    const res = await placeHold(ctx.app, agentA.cookie, { inquiryId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Check-in cannot be in the past');
  });

  it('refuses with 409 naming the nights when any is blocked by hand, imported or held', async () => {
    const stay = stayIn(50, 5);
    const nights = eachNight(stay.checkIn, stay.checkOut);
    const handBlocked = await villa();
    await block(ctx.db, handBlocked.id, [nights[1]!, nights[2]!]);
    const imported = await villa();
    const [feed] = await ctx.db
      .insert(icalFeeds)
      .values({ propertyId: imported.id, url: 'https://example.com/a.ics', label: 'Airbnb' })
      .returning();
    await applyFeed(ctx.db, feed!, { nights: new Map([[nights[4]!, 'Reserved']]), events: 1 });

    for (const [property, taken] of [
      [handBlocked, [nights[1]!, nights[2]!]],
      [imported, [nights[4]!]],
    ] as const) {
      const inquiryId = await sendBookingInquiry(ctx.app, {
        propertyId: property.id,
        cookie: agentB.cookie,
        ...stay,
      });
      const res = await placeHold(ctx.app, agentB.cookie, { inquiryId });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(HOLD_MESSAGES.unavailable(formatNightRuns(taken)));
      // Nothing half-written: no hold, and the free nights stay free.
      expect(await ctx.db.select().from(holds).where(eq(holds.propertyId, property.id))).toHaveLength(0);
      const rows = await nightsOf(ctx.db, property.id);
      expect([...rows.values()].filter((r) => r.source?.startsWith('hold:'))).toHaveLength(0);
    }

    const { property, stay: held } = await heldVilla(stayIn(60, 4));
    const overlapping = {
      checkIn: eachNight(held.checkIn, held.checkOut)[2]!,
      checkOut: stayIn(60, 8).checkOut,
    };
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentB.cookie,
      ...overlapping,
    });
    const res = await placeHold(ctx.app, agentB.cookie, { inquiryId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `These dates are no longer available: ${formatNightRuns(eachNight(overlapping.checkIn, held.checkOut))}`,
    );
  });

  it('holds a villa once per inquiry at a time, and not a villa that is not available', async () => {
    const { inquiryId } = await heldVilla(stayIn(70, 4));
    const again = await placeHold(ctx.app, agentA.cookie, { inquiryId, ...stayIn(71, 2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HOLD_MESSAGES.alreadyHeld);

    const closed = await villa({ available: false, name: 'Villa Fermée' });
    const id = await sendBookingInquiry(ctx.app, {
      propertyId: closed.id,
      cookie: agentA.cookie,
      ...stayIn(70, 2),
    });
    const res = await placeHold(ctx.app, agentA.cookie, { inquiryId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Villa Fermée is not available for booking');
  });

  it('is placed from a client’s request on the agent’s link', async () => {
    const property = await villa();
    const stay = stayIn(90, 7);
    const id = await linkInquiry(ctx.db, { agentId: agentA.user.id, propertyId: property.id, ...stay });
    const res = await placeHold(ctx.app, agentA.cookie, { inquiryId: id, inquiryKind: 'white-label' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      inquiryKind: 'white-label',
      inquiryId: id,
      clientName: 'Hugo Martin',
      nights: 7,
    });
    // Agent B's link inquiries are not A's.
    const other = await linkInquiry(ctx.db, {
      agentId: agentB.user.id,
      propertyId: property.id,
      ...stayIn(100, 2),
    });
    const refused = await placeHold(ctx.app, agentA.cookie, { inquiryId: other, inquiryKind: 'white-label' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(HOLD_MESSAGES.inquiryNotFound);
  });

  it('tells the administrators about a new hold', async () => {
    const { hold, property } = await heldVilla(stayIn(110, 2));
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin.user.id),
          eq(notifications.relatedId, hold.id),
          eq(notifications.type, 'hold_placed'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`New hold on ${property.name}`);
    expect(told[0]!.message).toContain('Sophie Moreau');
  });
});

describe('who may do what', () => {
  it('records the signed-in agent on a booking inquiry; an anonymous one can be held by an administrator only', async () => {
    const property = await villa();
    const mine = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentA.cookie,
      ...stayIn(120, 2),
    });
    const anonymous = await sendBookingInquiry(ctx.app, { propertyId: property.id, ...stayIn(125, 2) });
    const rows = await ctx.db
      .select({ id: inquiries.id, agentId: inquiries.agentId })
      .from(inquiries)
      .where(eq(inquiries.propertyId, property.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.agentId]))).toEqual({
      [mine]: agentA.user.id,
      [anonymous]: null,
    });

    const byAgent = await placeHold(ctx.app, agentA.cookie, { inquiryId: anonymous });
    expect(byAgent.statusCode).toBe(404);
    const byAdmin = await placeHold(ctx.app, admin.cookie, { inquiryId: anonymous });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().agentId).toBe(admin.user.id);
  });

  it('lets an administrator hold from an agent’s inquiry for that agent, who is told', async () => {
    const property = await villa();
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentB.cookie,
      ...stayIn(130, 3),
    });
    const res = await placeHold(ctx.app, admin.cookie, { inquiryId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().agentId).toBe(agentB.user.id);
    const told = await notesOf(agentB.user.id, 'hold_placed');
    expect(told.some((n) => n.relatedId === res.json().id)).toBe(true);
  });

  it('hides an agent’s holds and inquiries from another agent (404) and lets only administrators confirm', async () => {
    const { hold, inquiryId } = await heldVilla(stayIn(140, 2));
    expect((await placeHold(ctx.app, agentB.cookie, { inquiryId, ...stayIn(150, 2) })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/holds/${hold.id}`],
      ['POST', `/api/holds/${hold.id}/release`],
    ] as const) {
      const res = await call(method, url, agentB.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(HOLD_MESSAGES.notFound);
    }
    const list = (await call('GET', '/api/holds', agentB.cookie)).json() as Hold[];
    expect(list.map((h) => h.id)).not.toContain(hold.id);
    expect(list.every((h) => h.agentId === agentB.user.id)).toBe(true);

    const confirm = await call('POST', `/api/holds/${hold.id}/confirm`, agentA.cookie);
    expect(confirm.statusCode).toBe(403);
    expect((await call('GET', `/api/holds/${hold.id}`, agentA.cookie)).json().status).toBe('active');

    const all = (await call('GET', '/api/holds?status=active', admin.cookie)).json() as Hold[];
    expect(all.map((h) => h.id)).toContain(hold.id);
    expect(all.every((h) => h.status === 'active')).toBe(true);
    expect(new Set(all.map((h) => h.agentId)).size).toBeGreaterThan(1);
  });

  it('answers 401 to anonymous callers and 400/404 to ids that are not ids or do not exist', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/holds' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/holds', payload: { inquiryId: 1 } })).statusCode,
    ).toBe(401);
    for (const id of ['%201', '1%20', 'abc', '0', '1.0', '99999999999']) {
      const res = await call('POST', `/api/holds/${id}/release`, admin.cookie);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/numeric id/);
    }
    expect((await call('GET', '/api/holds/2147483647', admin.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/holds/2147483647/confirm', admin.cookie)).statusCode).toBe(404);
    expect((await placeHold(ctx.app, admin.cookie, { inquiryId: 2147483647 })).statusCode).toBe(404);
    const bad = await call('GET', '/api/holds?status=pending', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be active, released, confirmed or expired');
  });
});

describe('releasing and confirming', () => {
  it('release frees only the hold’s own nights; a second release is refused', async () => {
    const stay = stayIn(160, 4);
    const nights = eachNight(stay.checkIn, stay.checkOut);
    const property = await villa();
    // A hand-set available night with a note, and a hand-blocked night just after the stay.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/availability',
      headers: { cookie: admin.cookie },
      payload: {
        propertyId: property.id,
        date: nights[0],
        available: true,
        notes: 'Owner asked to keep it open',
      },
    });
    await block(ctx.db, property.id, [stay.checkOut]);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentA.cookie,
      ...stay,
    });
    const hold = (await placeHold(ctx.app, agentA.cookie, { inquiryId })).json() as Hold;

    const res = await call('POST', `/api/holds/${hold.id}/release`, agentA.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'released', closedByName: 'Sophie Moreau' });
    const after = await nightsOf(ctx.db, property.id);
    expect(after.get(nights[0]!)).toEqual({
      available: true,
      source: null,
      notes: 'Owner asked to keep it open',
    });
    for (const n of nights.slice(1)) expect(after.has(n)).toBe(false);
    expect(after.get(stay.checkOut)).toMatchObject({ available: false, source: null });
    expect(await searchIds(stay)).toContain(property.id);
    // Released by the agent themself: no notice to them.
    expect(
      (await notesOf(agentA.user.id, 'hold_released')).filter((n) => n.relatedId === hold.id),
    ).toHaveLength(0);

    const again = await call('POST', `/api/holds/${hold.id}/release`, agentA.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HOLD_MESSAGES.released);
  });

  it('an administrator’s release tells the agent and is in the audit log', async () => {
    const { hold, property } = await heldVilla(stayIn(170, 2));
    const res = await call('POST', `/api/holds/${hold.id}/release`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().closedByName).toBe('Ines Admin');
    const told = (await notesOf(agentA.user.id, 'hold_released')).filter((n) => n.relatedId === hold.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`Hold released: ${property.name}`);
    await ctx.app.auditSettled();
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hold.release'), eq(auditLog.targetId, String(hold.id))));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: admin.user.id, targetType: 'hold' });
  });

  it('confirm keeps the nights blocked as hand-set nights noting the hold, tells the agent and is audited', async () => {
    const { hold, property, stay } = await heldVilla(stayIn(180, 3));
    const res = await call('POST', `/api/holds/${hold.id}/confirm`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', closedByName: 'Ines Admin' });
    const nights = await nightsOf(ctx.db, property.id);
    for (const n of eachNight(stay.checkIn, stay.checkOut)) {
      expect(nights.get(n)).toEqual({
        available: false,
        source: null,
        notes: `Confirmed hold #${hold.id}: Camille Laurent`,
      });
    }
    expect(await searchIds(stay)).not.toContain(property.id);
    expect(
      (await notesOf(agentA.user.id, 'hold_confirmed')).filter((n) => n.relatedId === hold.id),
    ).toHaveLength(1);
    await ctx.app.auditSettled();
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'hold.confirm'), eq(auditLog.targetId, String(hold.id)))),
    ).toHaveLength(1);

    const release = await call('POST', `/api/holds/${hold.id}/release`, admin.cookie);
    expect(release.statusCode).toBe(409);
    expect(release.json().message).toBe(HOLD_MESSAGES.confirmed);
    expect((await nightsOf(ctx.db, property.id)).size).toBe(3);
  });
});

describe('expiry', () => {
  it('an overdue hold reads expired at once, and the sweeper frees it exactly once and tells the agent', async () => {
    const { hold, property, stay } = await heldVilla(stayIn(190, 2));
    await makeOverdue(ctx.db, hold.id);
    expect((await call('GET', `/api/holds/${hold.id}`, agentA.cookie)).json().status).toBe('expired');
    const expiredList = (await call('GET', '/api/holds?status=expired', agentA.cookie)).json() as Hold[];
    expect(expiredList.map((h) => h.id)).toContain(hold.id);

    const sweeper = new HoldSweeper(ctx.db, ctx.app.log, 0);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await sweeper.sweep()).toBe(0);
    const [row] = await ctx.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(row).toMatchObject({ status: 'expired', closedById: null });
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);
    expect(await searchIds(stay)).toContain(property.id);
    const told = (await notesOf(agentA.user.id, 'hold_expired')).filter((n) => n.relatedId === hold.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`Hold expired: ${property.name}`);

    const confirm = await call('POST', `/api/holds/${hold.id}/confirm`, admin.cookie);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(HOLD_MESSAGES.expired);
  });

  it('an overdue hold does not stand in the way of a new hold on its nights, before any sweep', async () => {
    const { hold, property, stay } = await heldVilla(stayIn(200, 3));
    await makeOverdue(ctx.db, hold.id);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agentB.cookie,
      ...stay,
    });
    const res = await placeHold(ctx.app, agentB.cookie, { inquiryId });
    expect(res.statusCode, res.body).toBe(201);
    const [old] = await ctx.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(old!.status).toBe('expired');
    const nights = await nightsOf(ctx.db, property.id);
    expect([...nights.values()].every((n) => n.source === `hold:${res.json().id}`)).toBe(true);
    expect(
      (await notesOf(agentA.user.id, 'hold_expired')).filter((n) => n.relatedId === hold.id),
    ).toHaveLength(1);
  });

  it('releasing an overdue hold answers that it expired, and frees it once', async () => {
    const { hold, property } = await heldVilla(stayIn(210, 2));
    await makeOverdue(ctx.db, hold.id);
    const res = await call('POST', `/api/holds/${hold.id}/release`, agentA.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HOLD_MESSAGES.expired);
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);
    expect(
      (await notesOf(agentA.user.id, 'hold_expired')).filter((n) => n.relatedId === hold.id),
    ).toHaveLength(1);
  });
});

describe('other writers of the calendar never overwrite or clear a held night', () => {
  it('the administrator’s calendar refuses held nights with 409 and writes nothing', async () => {
    const { hold, property, stay } = await heldVilla(stayIn(220, 3));
    const nights = eachNight(stay.checkIn, stay.checkOut);
    const free = stayIn(230, 1).checkIn;
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/api/availability',
      headers: { cookie: admin.cookie },
      payload: { propertyId: property.id, date: nights[1], available: true },
    });
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toBe(HOLD_MESSAGES.heldNights(formatNightRuns([nights[1]!])));
    const bulk = await ctx.app.inject({
      method: 'POST',
      url: '/api/availability/bulk',
      headers: { cookie: admin.cookie },
      payload: { propertyId: property.id, dates: [free, ...nights], available: false, notes: 'Owner' },
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toBe(HOLD_MESSAGES.heldNights(formatNightRuns(nights)));
    const after = await nightsOf(ctx.db, property.id);
    expect(after.has(free)).toBe(false);
    for (const n of nights)
      expect(after.get(n)).toMatchObject({ available: false, source: `hold:${hold.id}` });
  });

  it('an iCal import leaves held nights alone, and gets them back when the hold goes', async () => {
    const { hold, property, stay } = await heldVilla(stayIn(240, 3));
    const nights = eachNight(stay.checkIn, stay.checkOut);
    const [feed] = await ctx.db
      .insert(icalFeeds)
      .values({ propertyId: property.id, url: 'https://example.com/b.ics', label: 'Vrbo' })
      .returning();
    const extra = stayIn(250, 1).checkIn;
    await applyFeed(ctx.db, feed!, {
      nights: new Map([
        [nights[2]!, 'Booked'],
        [extra, 'Booked'],
      ]),
      events: 2,
    });
    let rows = await nightsOf(ctx.db, property.id);
    expect(rows.get(nights[2]!)).toMatchObject({ available: false, source: `hold:${hold.id}` });
    expect(rows.get(extra)).toMatchObject({ source: `ical:${feed!.id}` });
    // The feed drops the night: the hold's row stays.
    await applyFeed(ctx.db, feed!, { nights: new Map([[extra, 'Booked']]), events: 1 });
    expect((await nightsOf(ctx.db, property.id)).get(nights[2]!)).toMatchObject({
      source: `hold:${hold.id}`,
    });
    // It lists it again, and the hold is released: the night is the feed's at once.
    await applyFeed(ctx.db, feed!, {
      nights: new Map([
        [nights[2]!, 'Booked'],
        [extra, 'Booked'],
      ]),
      events: 2,
    });
    expect((await call('POST', `/api/holds/${hold.id}/release`, agentA.cookie)).statusCode).toBe(200);
    rows = await nightsOf(ctx.db, property.id);
    expect(rows.get(nights[2]!)).toMatchObject({ available: false, source: `ical:${feed!.id}` });
    expect(rows.has(nights[0]!)).toBe(false);
    expect(rows.has(nights[1]!)).toBe(false);
  });

  it('deleting the agent’s account frees the nights of their active holds', async () => {
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    const property = await villa();
    const stay = stayIn(260, 2);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agent.cookie,
      ...stay,
    });
    expect((await placeHold(ctx.app, agent.cookie, { inquiryId })).statusCode).toBe(201);
    expect((await nightsOf(ctx.db, property.id)).size).toBe(2);
    await ctx.db.delete(users).where(eq(users.id, agent.user.id));
    expect((await nightsOf(ctx.db, property.id)).size).toBe(0);
    expect(await ctx.db.execute(sql`select 1 from holds where property_id = ${property.id}`)).toMatchObject({
      rows: [],
    });
  });
});

describe('administrators: every active hold, several released at once', () => {
  const release = (cookie: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/holds/release', headers: { cookie }, payload });

  it('lists the holds in force, newest first, a page at a time', async () => {
    const { hold: older } = await heldVilla(stayIn(300, 2));
    const { hold: newer } = await heldVilla(stayIn(302, 2));
    const { hold: overdue } = await heldVilla(stayIn(304, 2));
    await makeOverdue(ctx.db, overdue.id);
    const first = await call('GET', '/api/admin/holds?limit=1', admin.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { items: Hold[]; total: number; limit: number; offset: number };
    expect(page).toMatchObject({ limit: 1, offset: 0 });
    expect(page.items.map((h) => h.id)).toEqual([newer.id]);
    const all = (await call('GET', `/api/admin/holds?limit=200`, admin.cookie)).json() as typeof page;
    expect(all.total).toBe(all.items.length);
    expect(all.items.every((h) => h.status === 'active')).toBe(true);
    const ids = all.items.map((h) => h.id);
    expect(ids).toContain(older.id);
    expect(ids).not.toContain(overdue.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const bad = await call('GET', '/api/admin/holds?limit=201', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('limit must be at most 200');
  });

  it('releases the active ones in one call, frees their nights, tells each agent and is audited', async () => {
    const a1 = await heldVilla(stayIn(310, 3));
    const a2 = await heldVilla(stayIn(314, 2));
    const bVilla = await villa();
    const bInquiry = await sendBookingInquiry(ctx.app, {
      propertyId: bVilla.id,
      cookie: agentB.cookie,
      ...stayIn(318, 2),
    });
    const b = (await placeHold(ctx.app, agentB.cookie, { inquiryId: bInquiry })).json() as Hold;
    const gone = await heldVilla(stayIn(322, 2));
    expect((await call('POST', `/api/holds/${gone.hold.id}/release`, agentA.cookie)).statusCode).toBe(200);
    const overdue = await heldVilla(stayIn(326, 2));
    await makeOverdue(ctx.db, overdue.hold.id);
    const missing = 2147483000;

    const res = await release(admin.cookie, {
      ids: [b.id, a2.hold.id, a1.hold.id, gone.hold.id, overdue.hold.id, missing, a1.hold.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const released = [a1.hold.id, a2.hold.id, b.id].sort((x, y) => x - y);
    expect(res.json()).toEqual({
      released,
      notActive: [gone.hold.id, overdue.hold.id, missing].sort((x, y) => x - y),
    });

    const rows = await ctx.db.select().from(holds).where(inArray(holds.id, released));
    expect(rows.every((r) => r.status === 'released' && r.closedById === admin.user.id)).toBe(true);
    for (const p of [a1.property, a2.property, bVilla]) expect((await nightsOf(ctx.db, p.id)).size).toBe(0);
    // The overdue one expired (its agent told so), as the sweeper would have.
    const [expired] = await ctx.db.select().from(holds).where(eq(holds.id, overdue.hold.id));
    expect(expired!.status).toBe('expired');
    expect(
      (await notesOf(agentA.user.id, 'hold_expired')).filter((n) => n.relatedId === overdue.hold.id),
    ).toHaveLength(1);

    const toldA = (await notesOf(agentA.user.id, 'hold_released')).map((n) => n.relatedId);
    expect(toldA).toEqual(expect.arrayContaining([a1.hold.id, a2.hold.id]));
    const toldB = await notesOf(agentB.user.id, 'hold_released');
    expect(toldB.filter((n) => n.relatedId === b.id)).toHaveLength(1);
    expect(toldB.find((n) => n.relatedId === b.id)!.title).toBe(`Hold released: ${bVilla.name}`);

    await ctx.app.auditSettled();
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hold.release'), eq(auditLog.actorId, admin.user.id)));
    const entry = logged.find((l) => (l.summary as { released?: number[] }).released?.length === 3);
    expect(entry).toMatchObject({ targetType: 'hold', statusCode: 200 });
    expect(entry!.summary).toMatchObject({ released, notActive: res.json().notActive });

    // Sent again: nothing left to release.
    const again = await release(admin.cookie, { ids: released });
    expect(again.json()).toEqual({ released: [], notActive: released });
  });

  it('is for administrators only: an agent gets 403 and nothing is released', async () => {
    const { hold, property } = await heldVilla(stayIn(330, 2));
    const res = await release(agentA.cookie, { ids: [hold.id] });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/holds', agentA.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/holds/${hold.id}`, agentA.cookie)).json().status).toBe('active');
    expect((await nightsOf(ctx.db, property.id)).size).toBe(2);
  });

  it.each([
    ['no ids', { ids: [] }, HOLD_MESSAGES.releaseNone],
    ['201 ids', { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, HOLD_MESSAGES.releaseTooMany],
    ['ids that are not a list', { ids: '5' }, HOLD_MESSAGES.releaseIds],
    ['an id that is not one', { ids: [0] }, 'Use a numeric id'],
    ['no ids field', {}, HOLD_MESSAGES.releaseIds],
  ])('refuses %s with 400 and a message', async (_what, payload, message) => {
    const res = await release(admin.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});
