import { addDays, todayIso } from '@villas/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { properties, stayRules } from '@villas/db/schema';
import { startFakeInvenio, type FakeInvenio } from '../../../../test/fakes/invenio';
import { signedIn } from '../../../../test/factories';
import { useTestContext } from '../../../../test/helpers';

/**
 * The Invenio sync stores each villa's minimum stay and check-in days (per price period,
 * else the villa's own) as stay rules, replaces them at each run, and never touches the
 * administrator's own rules.
 */
// The fake starts first: the app's allow-list names its port.
let fake: FakeInvenio;
beforeAll(async () => {
  fake = await startFakeInvenio();
});
const ctx = useTestContext(() => ({ OUTBOUND_ALLOW_HOSTS: fake.host, OUTBOUND_TIMEOUT_MS: '1000' }));
let admin = '';
let connectionId = 0;
const today = todayIso();
const d = (n: number) => addDays(today, n);

const PINS = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c01';
const EDELWEISS = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c02';
const KALIMA = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c03';
const SERENA = '8f3c2a10-6b4e-4d2a-9c61-1f0e2b7a4c04';

beforeAll(async () => {
  fake.reset();
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-connections',
    headers: { cookie: admin },
    payload: {
      provider: 'invenio',
      name: 'Invenio (fake)',
      apiKey: fake.apiKey,
      apiSecret: fake.bpUuid,
      baseUrl: fake.url,
      enabled: true,
    },
  });
  connectionId = res.json().id;
});
afterAll(async () => {
  await fake?.close();
});

async function sync() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/api-connections/${connectionId}/sync`,
    headers: { cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().reportId;
  return vi.waitFor(
    async () => {
      const r = await ctx.app.inject({ url: `/api/admin/sync-reports/${id}`, headers: { cookie: admin } });
      if (r.json().status === 'running') throw new Error('sync still running');
      return r.json();
    },
    { timeout: 10_000, interval: 25 },
  );
}

async function rulesOf(externalId: string) {
  const [villa] = await ctx.db.select().from(properties).where(eq(properties.externalId, externalId));
  const rows = await ctx.db
    .select()
    .from(stayRules)
    .where(eq(stayRules.propertyId, villa!.id))
    .orderBy(asc(stayRules.startDate));
  return {
    id: villa!.id,
    rules: rows.map((r) => [r.startDate, r.endDate, r.minNights, r.checkInDays, r.source]),
  };
}

describe('Invenio sync and stay rules', () => {
  it("stores each villa's rules: per price period, else the villa's own; none for a villa without any", async () => {
    const report = await sync();
    expect(report.status).toBe('completed');
    expect((await rulesOf(PINS)).rules).toEqual([]);
    expect((await rulesOf(EDELWEISS)).rules).toEqual([[d(5), d(40), 7, [6, 7], 'invenio']]);
    expect((await rulesOf(KALIMA)).rules).toEqual([[d(1), d(20), 5, null, 'invenio']]);
    // Price on request: no periods, so the villa's own terms to the end of next year.
    const nextYearEnd = `${Number(today.slice(0, 4)) + 1}-12-31`;
    expect((await rulesOf(SERENA)).rules).toEqual([[today, nextYearEnd, 7, [6], 'invenio']]);
    const edelweiss = report.propertyChanges.find(
      (c: { propertyName: string }) => c.propertyName === 'Chalet Edelweiss',
    );
    expect(edelweiss.changeDescription).toContain('Stay rules: 1 period');
  });

  it("replaces its own rules when Invenio's change, keeps the administrator's and cuts its periods around them", async () => {
    const edelweiss = await rulesOf(EDELWEISS);
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${edelweiss.id}/stay-rules`,
      headers: { cookie: admin },
      payload: { startDate: d(45), endDate: d(50), minNights: 3 },
    });
    expect(own.statusCode, own.body).toBe(201);
    // Invenio now asks 10 nights, and its period runs over the administrator's.
    const periods = fake.priceData[EDELWEISS] as Array<Record<string, unknown>>;
    periods[0]!.minimum_nights = 10;
    periods[0]!.end_date = d(60);
    (fake.priceData[KALIMA] as Array<Record<string, unknown>>)[0]!.minimum_nights = 1;

    const report = await sync();
    expect(report.status).toBe('completed');
    expect((await rulesOf(EDELWEISS)).rules).toEqual([
      [d(5), d(44), 10, [6, 7], 'invenio'],
      [d(45), d(50), 3, null, null],
      [d(51), d(60), 10, [6, 7], 'invenio'],
    ]);
    expect((await rulesOf(KALIMA)).rules).toEqual([]);
    const changes = Object.fromEntries(
      report.propertyChanges.map((c: { propertyName: string; changeDescription: string }) => [
        c.propertyName,
        c.changeDescription,
      ]),
    );
    expect(changes['Chalet Edelweiss']).toContain(
      "Stay rules: 2 periods (6 days keep the administrator's own rules)",
    );
    expect(changes['Villa Kalima']).toContain('Stay rules removed');

    // The same answer again changes nothing: no rule rewritten, nothing reported.
    const before = await ctx.db.select({ id: stayRules.id }).from(stayRules);
    const again = await sync();
    expect(
      again.propertyChanges.map((c: { changeDescription: string }) => c.changeDescription).join(' '),
    ).not.toContain('Stay rules');
    expect((await ctx.db.select({ id: stayRules.id }).from(stayRules)).map((r) => r.id).sort()).toEqual(
      before.map((r) => r.id).sort(),
    );
  });

  it('leaves the rules as they were when the prices cannot be read', async () => {
    const before = (await rulesOf(EDELWEISS)).rules;
    fake.failure = '500';
    fake.failOn = 'price';
    const report = await sync();
    fake.failure = null;
    expect(report.errors.map((e: { message: string }) => e.message).join(' ')).toContain(
      'Prices could not be read',
    );
    expect((await rulesOf(EDELWEISS)).rules).toEqual(before);
  });
});
