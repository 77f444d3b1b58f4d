import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app';
import { processEnv, testConfig } from '../../../config/env';
import { createDatabase, type Database } from '@villas/db/client';
import { scheduledRuns, syncJobs } from '@villas/db/schema';
import { signedIn } from '../../../../test/factories';
import { useTestContext } from '../../../../test/helpers';
import { createIntegrationDeps } from '../integrations.service';
import { Scheduler, slotOf } from './scheduler.service';

const ctx = useTestContext();
let admin = '';
let connectionId = 0;
const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined };
const config = () =>
  testConfig({
    SYNC_INTERVAL_MINUTES: '60',
    ICAL_INTERVAL_MINUTES: '15',
    SESSION_SECRET: ctx.config.sessionSecret,
  });
const sameSecret = () => testConfig({ SESSION_SECRET: ctx.config.sessionSecret });

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-connections',
    headers: { cookie: admin },
    payload: {
      provider: 'custom',
      name: 'Owner calendars',
      apiKey: 'unused-key',
      baseUrl: 'https://owner.example',
    },
  });
  connectionId = res.json().id;
});

async function scheduledCounts() {
  const rows = await ctx.db
    .select({ jobType: syncJobs.jobType, n: sql<number>`count(*)::int` })
    .from(syncJobs)
    .where(eq(syncJobs.trigger, 'schedule'))
    .groupBy(syncJobs.jobType);
  return Object.fromEntries(rows.map((r) => [r.jobType, Number(r.n)]));
}

/**
 * Two instances tick at the same moments over `slots` hours; each scheduled run must happen once.
 * Answers what each instance started.
 */
async function tickTogether(a: Scheduler, b: Scheduler, base: number, idle: () => Promise<unknown>) {
  const startedBy: Record<string, string[]> = { a: [], b: [] };
  // Ticks every 5 minutes over two hours: 2 hourly slots, 8 quarter-hour slots.
  for (let minute = 0; minute < 120; minute += 5) {
    const now = new Date(base + minute * 60_000 + 1_000);
    const [ra, rb] = await Promise.all([a.tick(now), b.tick(now)]);
    startedBy.a!.push(...ra);
    startedBy.b!.push(...rb);
    // Real time does not pass between these simulated ticks: let the slot's runs end first (a run
    // still going when its next slot comes is skipped, not doubled).
    await idle();
  }
  return startedBy;
}

describe('scheduler: each scheduled run once across instances', () => {
  it('claims a slot for exactly one instance (embedded database: two schedulers on one instance)', async () => {
    const depsA = createIntegrationDeps(ctx.db, config(), quiet);
    const depsB = createIntegrationDeps(ctx.db, config(), quiet);
    const a = new Scheduler(depsA, { embedded: true, instanceId: 'a' });
    const b = new Scheduler(depsB, { embedded: true, instanceId: 'b' });

    const slot = slotOf(new Date('2031-03-01T10:07:00Z'), 60);
    const claims = await Promise.all([
      a.claim('x', slot),
      b.claim('x', slot),
      a.claim('x', slot),
      b.claim('x', slot),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);

    const base = Date.UTC(2031, 2, 2, 10, 0, 0);
    const startedBy = await tickTogether(a, b, base, () =>
      Promise.all([depsA.runner.idle(), depsB.runner.idle()]),
    );
    const all = [...startedBy.a!, ...startedBy.b!];
    expect(all.filter((t) => t === `connection:${connectionId}`)).toHaveLength(2);
    expect(all.filter((t) => t === 'ical')).toHaveLength(8);
    expect(await scheduledCounts()).toEqual({ 'custom-sync': 2, 'ical-import': 8 });
  });

  it.skipIf(!processEnv.DATABASE_URL)(
    'two app instances with their own pools on one PostgreSQL database run each tick once',
    async () => {
      const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      const name = result.rows[0]!.name;
      const url = new URL(processEnv.DATABASE_URL!);
      url.pathname = `/${name}`;
      const second: Database = await createDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
      const appB: App = await buildApp({ config: sameSecret(), database: second });
      await appB.ready();
      try {
        await ctx.db.delete(syncJobs);
        const depsA = createIntegrationDeps(ctx.app.db, config(), quiet);
        const a = new Scheduler(depsA, { embedded: false, instanceId: 'instance-a' });
        const depsB = createIntegrationDeps(appB.db, config(), quiet);
        const b = new Scheduler(depsB, { embedded: false, instanceId: 'instance-b' });
        const base = Date.UTC(2032, 5, 1, 8, 0, 0);
        const startedBy = await tickTogether(a, b, base, () =>
          Promise.all([depsA.runner.idle(), depsB.runner.idle()]),
        );
        const running = async () =>
          (await ctx.db.select().from(syncJobs).where(eq(syncJobs.status, 'running'))).length;
        await expect.poll(running, { timeout: 5_000 }).toBe(0);
        const all = [...startedBy.a!, ...startedBy.b!];
        expect(all.filter((t) => t === 'ical')).toHaveLength(8);
        expect(all.filter((t) => t === `connection:${connectionId}`)).toHaveLength(2);
        expect(await scheduledCounts()).toEqual({ 'custom-sync': 2, 'ical-import': 8 });
        const claims = await ctx.db
          .select()
          .from(scheduledRuns)
          .where(and(eq(scheduledRuns.name, 'ical'), sql`${scheduledRuns.slot} >= ${new Date(base)}`));
        expect(claims).toHaveLength(8);
      } finally {
        await appB.close();
        await second.close();
      }
    },
  );
});

describe('runs interrupted by a crash', () => {
  it('are marked failed when the next instance starts', async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const [dead] = await ctx.db
      .insert(syncJobs)
      .values({
        jobType: 'invenio-sync',
        status: 'running',
        lockKey: `connection:${connectionId}`,
        connectionId,
        startedAt: minutesAgo(10),
        heartbeatAt: minutesAgo(5),
      })
      .returning();
    // The lock of the dead run blocks a new sync of the connection until then.
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/api-connections/${connectionId}/sync`,
      headers: { cookie: admin },
    });
    expect(blocked.statusCode).toBe(409);

    // Another instance (PostgreSQL) may be running this one: its heartbeat is fresh.
    const [alive] =
      ctx.database.kind === 'postgres'
        ? await ctx.db
            .insert(syncJobs)
            .values({
              jobType: 'ical-import',
              status: 'running',
              lockKey: 'ical:all',
              startedAt: minutesAgo(1),
              heartbeatAt: new Date(),
            })
            .returning()
        : [undefined];

    const restarted = await buildApp({ config: sameSecret(), database: ctx.database });
    await restarted.ready();
    await restarted.close();

    const [after] = await ctx.db.select().from(syncJobs).where(eq(syncJobs.id, dead!.id));
    expect(after).toMatchObject({
      status: 'failed',
      errorMessage: 'Interrupted: the server stopped while this sync was running',
    });
    expect(after!.completedAt).not.toBeNull();
    const report = await ctx.app.inject({
      url: `/api/admin/sync-reports/${dead!.id}`,
      headers: { cookie: admin },
    });
    expect(report.json().errors).toEqual([
      { message: 'Interrupted: the server stopped while this sync was running', propertyName: null },
    ]);
    if (alive) {
      const [still] = await ctx.db.select().from(syncJobs).where(eq(syncJobs.id, alive.id));
      expect(still!.status).toBe('running');
      await ctx.db.update(syncJobs).set({ status: 'failed' }).where(eq(syncJobs.id, alive.id));
    }
    const now = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/api-connections/${connectionId}/sync`,
      headers: { cookie: admin },
    });
    expect(now.statusCode).toBe(202);
  });

  it('a run cancelled by a shutdown is recorded as failed, not left running', async () => {
    const other = await buildApp({ config: sameSecret(), database: ctx.database });
    await other.ready();
    const res = await other.inject({
      method: 'POST',
      url: '/api/admin/trigger-comprehensive-sync',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(202);
    await other.close();
    const [row] = await ctx.db.select().from(syncJobs).where(eq(syncJobs.id, res.json().reportId));
    expect(row!.status).not.toBe('running');
  });
});
