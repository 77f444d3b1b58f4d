import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  exchangeRates,
  icalFeeds,
  mailOutbox,
  notifications,
  properties,
  syncJobs,
  users,
} from '@villas/db/schema';
import { createProperty, createRegion, createUser, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

/**
 * An administrator's change and its audit row are one transaction (docs/decisions/007): when the row
 * cannot be written, the change is undone and the answer is a 5xx; when it is written, it is there
 * by the time the answer arrives. The failure is made by a trigger on `audit_log` that refuses every
 * insert (valid on PGlite and on PostgreSQL 15).
 */
const ctx = useTestContext();
let admin = { id: 0, cookie: '' };

beforeAll(async () => {
  const a = await signedIn(ctx.app, ctx.db, 'admin');
  admin = { id: a.user.id, cookie: a.cookie };
});

async function refuseAuditRows() {
  await ctx.db.execute(sql`
    create function audit_refuse_for_test() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log refused by the test';
    end
    $$`);
  await ctx.db.execute(sql`
    create trigger audit_refuse_for_test before insert on audit_log
    for each row execute function audit_refuse_for_test()`);
}

afterEach(async () => {
  await ctx.db.execute(sql`drop trigger if exists audit_refuse_for_test on audit_log`);
  await ctx.db.execute(sql`drop function if exists audit_refuse_for_test()`);
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

const auditRows = () => ctx.db.select().from(auditLog).orderBy(desc(auditLog.id));

function expectServerError(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(500);
  expect(res.json()).toMatchObject({ code: 'INTERNAL', requestId: expect.any(String) });
}

describe('an audited change and its audit row commit together', () => {
  it('undoes an edit of an account whose audit row fails, and answers 500', async () => {
    const agent = await createUser(ctx.db, { lastName: 'Hartwell' });
    const before = await auditRows();
    await refuseAuditRows();
    const res = await call('PUT', `/api/admin/users/${agent.id}`, { role: 'admin', lastName: 'Promoted' });
    expectServerError(res);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, agent.id));
    expect(row).toMatchObject({ role: 'agent', lastName: 'Hartwell' });
    expect(await auditRows()).toEqual(before);
  });

  it('undoes an approval: no notification, no message queued or sent', async () => {
    const pending = await createUser(ctx.db, { approved: false });
    await refuseAuditRows();
    expectServerError(await call('PUT', `/api/admin/users/${pending.id}`, { approved: true }));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, pending.id));
    expect(row!.approved).toBe(false);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, pending.id))).toEqual([]);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, pending.email))).toEqual([]);
  });

  it('undoes a created property, a deleted one and an exchange rate', async () => {
    const { region } = await createRegion(ctx.db, undefined, ['Cap Rollback']);
    const doomed = await createProperty(ctx.db);
    const rates = () => ctx.db.select().from(exchangeRates).where(eq(exchangeRates.fromCurrency, 'CHF'));
    const ratesBefore = await rates();
    await refuseAuditRows();
    expectServerError(
      await call('POST', '/api/properties', {
        name: 'Villa Never Audited',
        region: region.name,
        subregion: 'Cap Rollback',
        description: 'A quiet villa above the sea with a long pool and a shaded terrace.',
        basePricePerNight: 900,
      }),
    );
    expect(await ctx.db.select().from(properties).where(eq(properties.name, 'Villa Never Audited'))).toEqual(
      [],
    );
    expectServerError(await call('DELETE', `/api/properties/${doomed.id}`));
    expect(await ctx.db.select().from(properties).where(eq(properties.id, doomed.id))).toHaveLength(1);
    expectServerError(
      await call('PUT', '/api/admin/exchange-rates', { fromCurrency: 'CHF', toCurrency: 'EUR', rate: 1.07 }),
    );
    expect(await rates()).toEqual(ratesBefore);
  });

  it('starts no sync run, in the background or waited for, whose audit row failed', async () => {
    const villa = await createProperty(ctx.db);
    const added = await call('POST', `/api/admin/properties/${villa.id}/ical-feeds`, {
      url: 'https://calendar.example.com/villa.ics',
    });
    expect(added.statusCode, added.body).toBe(201);
    const jobs = async () => (await ctx.db.select().from(syncJobs)).length;
    const before = await jobs();
    await refuseAuditRows();
    expectServerError(await call('POST', '/api/admin/trigger-comprehensive-sync'));
    // The run that answers its outcome commits its report before it starts: the failure comes then.
    expectServerError(
      await call('POST', `/api/admin/properties/${villa.id}/ical-feeds/${added.json().id}/run`),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await jobs()).toBe(before);
    const [feed] = await ctx.db.select().from(icalFeeds).where(eq(icalFeeds.id, added.json().id));
    expect(feed!.lastRunAt).toBeNull();
  });

  it('has the row in place when the answer arrives, with the status and the new id', async () => {
    const res = await call('PUT', '/api/admin/exchange-rates', {
      fromCurrency: 'USD',
      toCurrency: 'EUR',
      rate: 0.92,
    });
    expect(res.statusCode, res.body).toBe(200);
    // No waiting for anything: the row was committed before the answer left.
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'exchange-rate.set', actorId: admin.id, statusCode: 200 });
  });
});
