import { addDays, eachNight, ErrorCode, type Hold } from '@villas/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../config/env';
import { holds, notifications } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { secondInstance, useTestContext } from '../../../test/helpers';
import {
  makeOverdue,
  nightsOf,
  placeHold,
  seedActiveHolds,
  sendBookingInquiry,
  stayIn,
} from './holds.fixtures';
import { HoldSweeper } from './holds.sweeper';

/**
 * Concurrency: holds racing for the same nights, and the expiry sweep run by two app
 * instances on one database (PGlite: one embedded database shared by both apps; PostgreSQL: each app
 * with its own connection pool, so the statements really run side by side).
 */
const ctx = useTestContext();
let other: App;
let instance: Awaited<ReturnType<typeof secondInstance>> | undefined;

beforeAll(async () => {
  instance = await secondInstance(ctx);
  other = instance.app;
});
afterAll(async () => {
  await instance?.close();
});

describe('two agents racing for the same nights', () => {
  it('20 concurrent holds on overlapping nights: exactly one 201, the rest 409 naming the nights', async () => {
    const a = await signedIn(ctx.app, ctx.db, 'agent');
    const b = await signedIn(ctx.app, ctx.db, 'agent');
    const property = await createProperty(ctx.db);
    const start = stayIn(30, 0).checkIn;
    // A asks for nights 0–4, B for nights 2–6: each request its own inquiry, so only nights collide.
    const requests: Array<{ app: App; cookie: string; inquiryId: number }> = [];
    for (let i = 0; i < 10; i++) {
      for (const [who, from, to] of [
        [a, 0, 5],
        [b, 2, 7],
      ] as const) {
        const inquiryId = await sendBookingInquiry(ctx.app, {
          propertyId: property.id,
          cookie: who.cookie,
          checkIn: addDays(start, from),
          checkOut: addDays(start, to),
        });
        // Half of the requests reach the other instance.
        requests.push({ app: i % 2 ? other : ctx.app, cookie: who.cookie, inquiryId });
      }
    }
    const answers = await Promise.all(
      requests.map((r) => placeHold(r.app, r.cookie, { inquiryId: r.inquiryId, expiresInHours: 24 })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toMatch(/^These dates are no longer available: .+/);
    }
    const won = answers.find((r) => r.statusCode === 201)!.json() as Hold;
    const nights = await nightsOf(ctx.db, property.id);
    expect(nights.size).toBe(won.nights);
    for (const night of eachNight(won.checkIn, won.checkOut)) {
      expect(nights.get(night)).toMatchObject({ available: false, source: `hold:${won.id}` });
    }
    expect(await ctx.db.select().from(holds).where(eq(holds.propertyId, property.id))).toHaveLength(1);
  });
});

/**
 * The caps are counted and the hold inserted under a lock per agent: on PostgreSQL, without it, the
 * concurrent transactions all count the same holds and all pass (PGlite runs one transaction at a
 * time, so there the lock changes nothing).
 */
describe('one agent racing against their own caps', () => {
  /**
   * Six holds of one agent at once, half through each instance, each on its own villa and inquiry
   * (so only the agent's caps are shared), after `seeded` holds of `nights` nights each.
   */
  async function raceAtCap(seeded: { count: number; nights: number }, nights: number) {
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    const villa = await createProperty(ctx.db);
    await seedActiveHolds(ctx.db, { agentId: agent.user.id, propertyId: villa.id, ...seeded });
    const requests: Array<{ app: App; inquiryId: number }> = [];
    for (let i = 0; i < 6; i++) {
      const property = await createProperty(ctx.db);
      const inquiryId = await sendBookingInquiry(ctx.app, {
        propertyId: property.id,
        cookie: agent.cookie,
        ...stayIn(30, nights),
      });
      requests.push({ app: i % 2 ? other : ctx.app, inquiryId });
    }
    const answers = await Promise.all(
      requests.map((r) => placeHold(r.app, agent.cookie, { inquiryId: r.inquiryId })),
    );
    const rows = await ctx.db.select().from(holds).where(eq(holds.agentId, agent.user.id));
    return {
      codes: answers.map((r) => r.statusCode),
      refusals: answers.filter((r) => r.statusCode === 409),
      rows,
    };
  }

  it('at 19 of 20 active holds: exactly one of six concurrent holds passes', async () => {
    const { codes, refusals, rows } = await raceAtCap({ count: 19, nights: 1 }, 2);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(refusals).toHaveLength(5);
    for (const r of refusals) expect(r.json().code).toBe(ErrorCode.HOLD_LIMIT_ACTIVE);
    expect(rows.filter((h) => h.status === 'active')).toHaveLength(20);
  });

  it('two nights short of 120 held nights: exactly one of six concurrent two-night holds passes', async () => {
    const { codes, refusals, rows } = await raceAtCap({ count: 2, nights: 59 }, 2);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(refusals).toHaveLength(5);
    for (const r of refusals) expect(r.json().code).toBe(ErrorCode.HOLD_LIMIT_NIGHTS);
    const held = rows.filter((h) => h.status === 'active');
    expect(held.reduce((sum, h) => sum + eachNight(h.checkIn, h.checkOut).length, 0)).toBe(120);
  });
});

describe('the expiry sweep on two instances', () => {
  it('expires each overdue hold exactly once, frees its nights and tells its agent once', async () => {
    // Two agents, each within the per-agent cap on active holds.
    const agents = [await signedIn(ctx.app, ctx.db, 'agent'), await signedIn(ctx.app, ctx.db, 'agent')];
    const ids: number[] = [];
    const villas: number[] = [];
    for (let i = 0; i < 24; i++) {
      const agent = agents[i % 2]!;
      const property = await createProperty(ctx.db);
      villas.push(property.id);
      const inquiryId = await sendBookingInquiry(ctx.app, {
        propertyId: property.id,
        cookie: agent.cookie,
        ...stayIn(40 + i, 3),
      });
      const res = await placeHold(ctx.app, agent.cookie, { inquiryId });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    for (const id of ids) await makeOverdue(ctx.db, id);

    const sweepers = [new HoldSweeper(ctx.app.db, ctx.app.log, 0), new HoldSweeper(other.db, other.log, 0)];
    const counts = await Promise.all([...sweepers, ...sweepers].map((s) => s.sweep()));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(ids.length);
    expect(await Promise.all(sweepers.map((s) => s.sweep()))).toEqual([0, 0]);

    const rows = await ctx.db.select().from(holds).where(inArray(holds.id, ids));
    expect(rows.every((r) => r.status === 'expired' && r.closedAt)).toBe(true);
    for (const id of villas) expect((await nightsOf(ctx.db, id)).size).toBe(0);
    const told = await ctx.db
      .select({ relatedId: notifications.relatedId })
      .from(notifications)
      .where(eq(notifications.type, 'hold_expired'));
    const perHold = new Map<number, number>();
    for (const t of told) perHold.set(t.relatedId!, (perHold.get(t.relatedId!) ?? 0) + 1);
    expect(ids.map((id) => perHold.get(id))).toEqual(ids.map(() => 1));
  });

  it('a release racing the expiry: one of the two ends the hold', async () => {
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    const property = await createProperty(ctx.db);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agent.cookie,
      ...stayIn(80, 2),
    });
    const hold = (await placeHold(ctx.app, agent.cookie, { inquiryId })).json() as Hold;
    await makeOverdue(ctx.db, hold.id);
    const [released, swept] = await Promise.all([
      other.inject({
        method: 'POST',
        url: `/api/holds/${hold.id}/release`,
        headers: { cookie: agent.cookie },
      }),
      new HoldSweeper(ctx.app.db, ctx.app.log, 0).sweep(),
    ]);
    expect(released.statusCode).toBe(409);
    expect(swept).toBeLessThanOrEqual(1);
    const [row] = await ctx.db.select().from(holds).where(eq(holds.id, hold.id));
    expect(row!.status).toBe('expired');
    const told = await ctx.db.select().from(notifications).where(eq(notifications.relatedId, hold.id));
    expect(told.filter((n) => n.type === 'hold_expired')).toHaveLength(1);
  });
});

describe('the sweeper started with the app', () => {
  it('frees holds that expired while no instance ran as soon as an instance is ready', async () => {
    const agent = await signedIn(ctx.app, ctx.db, 'agent');
    const property = await createProperty(ctx.db);
    const inquiryId = await sendBookingInquiry(ctx.app, {
      propertyId: property.id,
      cookie: agent.cookie,
      ...stayIn(90, 2),
    });
    const hold = (await placeHold(ctx.app, agent.cookie, { inquiryId })).json() as Hold;
    await makeOverdue(ctx.db, hold.id);
    // A new instance with the sweep on (every hour): its first sweep runs when it is ready.
    const started = await buildApp({
      config: testConfig({ HOLD_SWEEP_SECONDS: '3600' }),
      database: ctx.database,
    });
    await started.ready();
    try {
      await expect
        .poll(async () => (await ctx.db.select().from(holds).where(eq(holds.id, hold.id)))[0]!.status, {
          timeout: 5_000,
        })
        .toBe('expired');
      expect((await nightsOf(ctx.db, property.id)).size).toBe(0);
    } finally {
      await started.close();
    }
  });
});
