import { randomUUID } from 'node:crypto';
import { addDays, dayMonth, STAY_RULE_MESSAGES, todayIso } from '@villas/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRegion, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { auditLog, inquiries, stayRules, whiteLabelInquiries, whiteLabelLinks } from '@villas/db/schema';
import { placeHold, sendBookingInquiry } from '../holds/holds.fixtures';
import { replaceProviderRules } from './stay-rules.service';

const ctx = useTestContext();
let admin = '';
let agent = { id: 0, cookie: '' };

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const a = await signedIn(ctx.app, ctx.db, 'agent');
  agent = { id: a.user.id, cookie: a.cookie };
});

// 2031-07-05 is a Saturday; 2031-07-09 a Wednesday.
const SUMMER = { startDate: '2031-07-01', endDate: '2031-08-31', minNights: 7, checkInDays: [6] };

const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

async function addRule(propertyId: number, rule: object = SUMMER) {
  const res = await adminCall('POST', `/api/admin/properties/${propertyId}/stay-rules`, rule);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function villaIn(region: string, name?: string) {
  return createProperty(ctx.db, { ...(name ? { name } : {}), regionId: (await regionId(region))! });
}
const regions = new Map<string, number>();
async function regionId(name: string) {
  if (!regions.has(name)) regions.set(name, (await createRegion(ctx.db, name)).region.id);
  return regions.get(name);
}

describe('the administrator keeps stay rules per villa', () => {
  it('creates, lists, edits and deletes a rule; each write is in the audit log', async () => {
    const villa = await createProperty(ctx.db);
    const created = await adminCall('POST', `/api/admin/properties/${villa.id}/stay-rules`, {
      ...SUMMER,
      checkInDays: [6, 6],
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ propertyId: villa.id, ...SUMMER, source: 'manual' });

    const listed = await adminCall('GET', `/api/admin/properties/${villa.id}/stay-rules`);
    expect(listed.json()).toEqual([rule]);

    const edited = await adminCall('PUT', `/api/admin/stay-rules/${rule.id}`, {
      startDate: '2031-07-01',
      endDate: '2031-08-31',
      minNights: null,
      checkInDays: [6, 7],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: rule.id, minNights: null, checkInDays: [6, 7] });

    const deleted = await adminCall('DELETE', `/api/admin/stay-rules/${rule.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await adminCall('GET', `/api/admin/properties/${villa.id}/stay-rules`)).json()).toEqual([]);
    expect((await adminCall('DELETE', `/api/admin/stay-rules/${rule.id}`)).json()).toMatchObject({
      message: STAY_RULE_MESSAGES.notFound,
    });

    await ctx.app.auditSettled();
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.targetType, 'stay-rule'));
    const mine = rows.filter((r) => r.targetId === String(rule.id));
    expect(mine.map((r) => r.action).sort()).toEqual([
      'stay-rule.create',
      'stay-rule.delete',
      'stay-rule.update',
    ]);
    expect(mine.find((r) => r.action === 'stay-rule.create')!.summary).toMatchObject({
      propertyId: villa.id,
    });
    expect(mine.find((r) => r.action === 'stay-rule.delete')!.summary).toMatchObject({
      propertyId: villa.id,
      before: { minNights: null, checkInDays: [6, 7] },
    });
  });

  it("refuses a period that shares a day with another of the villa's rules (409 naming it), not a neighbour's or another villa's", async () => {
    const villa = await createProperty(ctx.db);
    const other = await createProperty(ctx.db);
    const first = await addRule(villa.id);
    const overlap = await adminCall('POST', `/api/admin/properties/${villa.id}/stay-rules`, {
      startDate: '2031-08-31',
      endDate: '2031-09-15',
      minNights: 3,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(STAY_RULE_MESSAGES.overlaps('1 Jul – 31 Aug 2031'));
    // The day after the period is free, and another villa's rules are its own.
    await addRule(villa.id, { startDate: '2031-09-01', endDate: '2031-09-15', minNights: 3 });
    await addRule(other.id);
    // An edit may keep its own period but not reach into a neighbour's.
    const moved = await adminCall('PUT', `/api/admin/stay-rules/${first.id}`, {
      ...SUMMER,
      endDate: '2031-09-02',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(STAY_RULE_MESSAGES.overlaps('1 Sep – 15 Sep 2031'));
    expect(
      (await adminCall('PUT', `/api/admin/stay-rules/${first.id}`, { ...SUMMER, minNights: 5 })).statusCode,
    ).toBe(200);
  });

  it('of two administrators adding overlapping periods at once, one wins and the other gets the 409', async () => {
    const villa = await createProperty(ctx.db);
    const answers = await Promise.all(
      [SUMMER, { startDate: '2031-08-15', endDate: '2031-09-15', minNights: 3 }].map((rule) =>
        adminCall('POST', `/api/admin/properties/${villa.id}/stay-rules`, rule),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.db.select().from(stayRules).where(eq(stayRules.propertyId, villa.id))).toHaveLength(1);
  });

  it('the database itself refuses overlapping periods of one villa (exclusion constraint), whoever writes', async () => {
    const villa = await createProperty(ctx.db);
    await ctx.db.insert(stayRules).values({ propertyId: villa.id, ...SUMMER, source: 'invenio' });
    await expect(
      ctx.db
        .insert(stayRules)
        .values({ propertyId: villa.id, startDate: '2031-08-15', endDate: '2031-08-20', minNights: 3 }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it.each([
    [{ ...SUMMER, endDate: '2031-06-30' }, 'endDate', STAY_RULE_MESSAGES.endBeforeStart],
    [{ startDate: '2031-07-01', endDate: '2031-08-31' }, 'minNights', STAY_RULE_MESSAGES.nothingSet],
    [{ ...SUMMER, minNights: 0 }, 'minNights', STAY_RULE_MESSAGES.minNights],
    [{ ...SUMMER, checkInDays: [8] }, 'checkInDays', STAY_RULE_MESSAGES.weekday],
    [{ ...SUMMER, startDate: '1 July' }, 'startDate', 'Use a real calendar date in the form yyyy-MM-dd'],
  ])('answers 400 with the field and a message a person can act on: %j', async (body, field, message) => {
    const villa = await createProperty(ctx.db);
    const res = await adminCall('POST', `/api/admin/properties/${villa.id}/stay-rules`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0].path[0]).toBe(field);
  });

  it('answers 404 for a missing villa or rule, 403 to an agent, 401 to nobody', async () => {
    expect((await adminCall('POST', '/api/admin/properties/999999/stay-rules', SUMMER)).statusCode).toBe(404);
    expect((await adminCall('GET', '/api/admin/properties/999999/stay-rules')).statusCode).toBe(404);
    expect((await adminCall('PUT', '/api/admin/stay-rules/999999', SUMMER)).statusCode).toBe(404);
    const villa = await createProperty(ctx.db);
    const asAgent = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${villa.id}/stay-rules`,
      headers: { cookie: agent.cookie },
      payload: SUMMER,
    });
    expect(asAgent.statusCode).toBe(403);
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/properties/${villa.id}/stay-rules` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('a dated search leaves out villas whose rule the stay breaks', () => {
  const region = `Stay Rules ${randomUUID().slice(0, 6)}`;
  let ruled = 0;
  let free = 0;
  let spring = 0;

  beforeAll(async () => {
    ruled = (await villaIn(region)).id;
    free = (await villaIn(region)).id;
    spring = (await villaIn(region)).id;
    await addRule(ruled);
    await addRule(spring, { startDate: '2031-04-01', endDate: '2031-04-30', minNights: 3 });
  });

  async function found(checkIn: string, checkOut: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/search',
      headers: { cookie: agent.cookie },
      payload: { country: region, checkIn, checkOut },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ id: number }>).map((p) => p.id).sort((a, b) => a - b);
  }

  it.each([
    ['a Saturday stay of exactly the minimum', '2031-07-05', '2031-07-12', true],
    ['a Saturday stay of two weeks', '2031-07-05', '2031-07-19', true],
    ['a Saturday stay one night short', '2031-07-05', '2031-07-11', false],
    ['a Wednesday check-in of 7 nights', '2031-07-09', '2031-07-16', false],
    ["a check-in on the period's first day (a Tuesday)", '2031-07-01', '2031-07-08', false],
    ["a check-in on the period's last day (a Sunday), into September", '2031-08-31', '2031-09-07', false],
    ["a Saturday check-in on the period's last Saturday", '2031-08-30', '2031-09-06', true],
    ['a short stay starting the day before the period', '2031-06-30', '2031-07-02', true],
    ['a short stay starting the day after it', '2031-09-01', '2031-09-03', true],
  ])('%s', async (_, checkIn, checkOut, ruledFound) => {
    const ids = await found(checkIn, checkOut);
    expect(ids.includes(ruled)).toBe(ruledFound);
    // The villa without rules is found whatever the stay; the spring rule is another villa's.
    expect(ids).toContain(free);
    expect(ids).toContain(spring);
  });

  it("applies another villa's own rule to it only", async () => {
    expect(await found('2031-04-10', '2031-04-12')).toEqual([ruled, free].sort((a, b) => a - b));
    expect(await found('2031-04-10', '2031-04-13')).toEqual([ruled, free, spring].sort((a, b) => a - b));
  });
});

describe('bookings, client requests and holds refuse a stay the rules do not allow', () => {
  let villa = 0;
  beforeAll(async () => {
    villa = (await createProperty(ctx.db, { maxGuests: 8 })).id;
    await addRule(villa);
  });

  const booking = (checkIn: string, checkOut: string, cookie = agent.cookie) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { cookie },
      payload: {
        firstName: 'Camille',
        lastName: 'Laurent',
        email: 'camille.laurent@example.com',
        propertyId: villa,
        checkIn,
        checkOut,
        guests: 2,
      },
    });

  it("a booking inquiry: 400 with the rule's words and issues on the dates, nothing stored", async () => {
    const before = await ctx.db.select().from(inquiries).where(eq(inquiries.propertyId, villa));
    const wrongDay = await booking('2031-07-09', '2031-07-16');
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Check-in on Saturdays',
      issues: [{ path: ['checkIn'], message: 'Check-in on Saturdays' }],
    });
    const short = await booking('2031-07-05', '2031-07-10');
    expect(short.json()).toMatchObject({
      message: 'Minimum stay 7 nights from 1 July',
      issues: [{ path: ['checkOut'], message: 'Minimum stay 7 nights from 1 July' }],
    });
    const both = await booking('2031-07-09', '2031-07-10');
    expect(both.json().message).toBe('Check-in on Saturdays. Minimum stay 7 nights from 1 July');
    expect(both.json().issues).toHaveLength(2);
    expect(await ctx.db.select().from(inquiries).where(eq(inquiries.propertyId, villa))).toHaveLength(
      before.length,
    );
    expect((await booking('2031-07-05', '2031-07-12')).statusCode).toBe(201);
    // Outside the period, and without dates, no rule applies.
    expect((await booking('2031-09-02', '2031-09-04')).statusCode).toBe(201);
  });

  it("a client's booking request on a link: 400 with the rule's words; a stay that keeps them is sent", async () => {
    const [link] = await ctx.db
      .insert(whiteLabelLinks)
      .values({ uuid: randomUUID(), agentId: agent.id, title: 'Summer', propertyIds: [villa] })
      .returning();
    const request = (checkIn: string, checkOut?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/white-label/${link!.uuid}/booking-request`,
        payload: {
          propertyId: villa,
          clientName: 'Hugo Martin',
          clientEmail: 'hugo.martin@example.com',
          checkIn,
          checkOut,
          guests: 2,
        },
      });
    const refused = await request('2031-07-05', '2031-07-09');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Minimum stay 7 nights from 1 July',
      issues: [{ path: ['checkOut'] }],
    });
    // Only a check-in: its weekday is checked.
    expect((await request('2031-07-08')).json().message).toBe('Check-in on Saturdays');
    expect((await request('2031-07-05', '2031-07-12')).statusCode).toBe(201);
    const stored = await ctx.db
      .select()
      .from(whiteLabelInquiries)
      .where(and(eq(whiteLabelInquiries.whiteLabelLinkId, link!.id)));
    expect(stored.map((r) => r.checkIn)).toEqual(['2031-07-05']);
  });

  it('a hold on a stay the rules refuse: 400 with the rule, no night blocked', async () => {
    // The inquiry was sent before the rule existed; the hold asks for two of its seven nights.
    const later = (await createProperty(ctx.db)).id;
    const checkIn = addDays(todayIso(), 30);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: later,
      checkIn,
      checkOut: addDays(checkIn, 7),
      cookie: agent.cookie,
    });
    await addRule(later, { startDate: todayIso(), endDate: addDays(todayIso(), 60), minNights: 5 });
    const res = await placeHold(ctx.app, agent.cookie, { inquiryId, checkIn, checkOut: addDays(checkIn, 2) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: `Minimum stay 5 nights from ${dayMonth(todayIso(), todayIso().slice(0, 4) !== checkIn.slice(0, 4))}`,
      issues: [{ path: ['checkOut'] }],
    });
    const ok = await placeHold(ctx.app, agent.cookie, { inquiryId, checkIn, checkOut: addDays(checkIn, 5) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('who reads the rules', () => {
  it("agents read a villa's rules in force (terms only); ended ones are left out", async () => {
    const villa = await createProperty(ctx.db);
    await addRule(villa.id);
    await ctx.db.insert(stayRules).values({
      propertyId: villa.id,
      startDate: '2020-07-01',
      endDate: '2020-08-31',
      minNights: 7,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${villa.id}/stay-rules`,
      headers: { cookie: agent.cookie },
    });
    expect(res.json()).toEqual([SUMMER]);
  });

  it("a client reads those of a live link's villas only, and nothing of a link that is not live", async () => {
    const inLink = await createProperty(ctx.db);
    const notInLink = await createProperty(ctx.db);
    await addRule(inLink.id);
    await addRule(notInLink.id);
    const [link] = await ctx.db
      .insert(whiteLabelLinks)
      .values({ uuid: randomUUID(), agentId: agent.id, title: 'Summer', propertyIds: [inLink.id] })
      .returning();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/white-label/${link!.uuid}/stay-rules` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ propertyId: inLink.id, rules: [SUMMER] }]);
    expect(res.body).not.toContain('source');

    await ctx.db.update(whiteLabelLinks).set({ isActive: false }).where(eq(whiteLabelLinks.id, link!.id));
    const inactive = await ctx.app.inject({
      method: 'GET',
      url: `/api/white-label/${link!.uuid}/stay-rules`,
    });
    expect(inactive.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/white-label/${randomUUID()}/stay-rules`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a provider's rules (the Invenio sync's writer)", () => {
  const now = new Date('2031-06-01T10:00:00Z');
  const replace = (propertyId: number, periods: Array<Record<string, unknown>>) =>
    ctx.db.transaction((tx) =>
      replaceProviderRules(tx, {
        propertyId,
        source: 'invenio',
        now,
        periods: periods.map((p) => ({ minNights: null, checkInDays: null, ...p })) as never,
      }),
    );
  const stored = async (propertyId: number) =>
    (await ctx.db.select().from(stayRules).where(eq(stayRules.propertyId, propertyId)))
      .map((r) => [r.startDate, r.endDate, r.minNights, r.checkInDays, r.source])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  it("merges neighbours with equal terms, lets later periods win, cuts out the administrator's days and keeps them", async () => {
    const villa = await createProperty(ctx.db);
    await addRule(villa.id, { startDate: '2031-08-10', endDate: '2031-08-16', minNights: 3 });
    const r = await replace(villa.id, [
      { startDate: '2031-07-01', endDate: '2031-07-31', minNights: 7, checkInDays: [6] },
      { startDate: '2031-08-01', endDate: '2031-08-31', minNights: 7, checkInDays: [6] },
      { startDate: '2031-08-25', endDate: '2031-09-10', minNights: 5 },
      // Ended before today: nothing to keep.
      { startDate: '2031-05-01', endDate: '2031-05-20', minNights: 4 },
    ]);
    expect(r).toEqual({ changed: true, periods: 3, keptByAdmin: 7 });
    expect(await stored(villa.id)).toEqual([
      ['2031-07-01', '2031-08-09', 7, [6], 'invenio'],
      ['2031-08-10', '2031-08-16', 3, null, null],
      ['2031-08-17', '2031-08-24', 7, [6], 'invenio'],
      ['2031-08-25', '2031-09-10', 5, null, 'invenio'],
    ]);
  });

  it('writes nothing when the provider sends the same rules again, and replaces only its own when they change', async () => {
    const villa = await createProperty(ctx.db);
    await addRule(villa.id, { startDate: '2031-12-20', endDate: '2032-01-03', minNights: 10 });
    const periods = [{ startDate: '2031-07-01', endDate: '2031-08-31', minNights: 7, checkInDays: [6] }];
    await replace(villa.id, periods);
    const first = await ctx.db.select().from(stayRules).where(eq(stayRules.propertyId, villa.id));
    expect(await replace(villa.id, periods)).toMatchObject({ changed: false });
    const again = await ctx.db.select().from(stayRules).where(eq(stayRules.propertyId, villa.id));
    expect(again.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());

    expect(
      await replace(villa.id, [{ startDate: '2031-07-01', endDate: '2031-08-31', minNights: 5 }]),
    ).toMatchObject({
      changed: true,
    });
    expect(await stored(villa.id)).toEqual([
      ['2031-07-01', '2031-08-31', 5, null, 'invenio'],
      ['2031-12-20', '2032-01-03', 10, null, null],
    ]);
    expect(await replace(villa.id, [])).toMatchObject({ changed: true, periods: 0 });
    expect(await stored(villa.id)).toEqual([['2031-12-20', '2032-01-03', 10, null, null]]);
  });
});
