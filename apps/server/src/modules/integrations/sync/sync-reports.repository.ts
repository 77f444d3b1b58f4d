import { and, asc, count, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import {
  apiConnections,
  icalFeeds,
  scheduledRuns,
  syncedProperties,
  syncJobs,
  syncMonitoring,
} from '@villas/db/schema';

export type JobRow = typeof syncJobs.$inferSelect;

export async function insertRunningJob(
  db: Queryable,
  values: {
    jobType: string;
    lockKey: string | null;
    connectionId: number | null;
    feedId: number | null;
    trigger: string;
  },
): Promise<JobRow> {
  const [row] = await db
    .insert(syncJobs)
    .values({
      ...values,
      status: 'running',
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
    })
    .returning();
  return row!;
}

export async function findRunningByLock(db: Queryable, lockKey: string) {
  const [row] = await db
    .select({ id: syncJobs.id })
    .from(syncJobs)
    .where(and(eq(syncJobs.lockKey, lockKey), eq(syncJobs.status, 'running')))
    .limit(1);
  return row;
}

export interface Counters {
  propertiesProcessed: number;
  propertiesUpdated: number;
  changesDetected: number;
  newImagesCount: number;
  calendarUpdates: number;
  errorCount: number;
}

export async function updateProgress(db: Queryable, id: number, counters: Counters): Promise<void> {
  await db
    .update(syncJobs)
    .set({ ...counters, heartbeatAt: sql`now()` })
    .where(and(eq(syncJobs.id, id), eq(syncJobs.status, 'running')));
}

export async function finishJob(
  db: Queryable,
  id: number,
  values: Counters & { status: 'completed' | 'failed'; errorMessage: string | null },
): Promise<void> {
  await db
    .update(syncJobs)
    .set({ ...values, completedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(eq(syncJobs.id, id));
}

export async function insertDetail(db: Queryable, values: typeof syncMonitoring.$inferInsert): Promise<void> {
  await db.insert(syncMonitoring).values(values);
}

/**
 * Marks failed the runs left 'running' by a process that died: started before `startedBefore` and
 * silent (no heartbeat) since `silentSince`. Answers how many.
 */
export async function failAbandonedJobs(
  db: Queryable,
  params: { startedBefore: Date; silentSince: Date; message: string },
): Promise<number> {
  const rows = await db
    .update(syncJobs)
    .set({ status: 'failed', completedAt: sql`now()`, errorMessage: params.message })
    .where(
      and(
        eq(syncJobs.status, 'running'),
        lt(syncJobs.startedAt, params.startedBefore),
        or(lt(syncJobs.heartbeatAt, params.silentSince), sql`${syncJobs.heartbeatAt} is null`),
      ),
    )
    .returning({ id: syncJobs.id, connectionId: syncJobs.connectionId });
  for (const r of rows) {
    await db.insert(syncMonitoring).values({
      syncJobId: r.id,
      syncType: 'job',
      operationType: 'error',
      errorMessage: params.message,
    });
    // The connection's card tells how its last run ended: this one did not.
    if (r.connectionId != null) {
      await db
        .update(apiConnections)
        .set({ lastSync: sql`now()`, lastSyncStatus: 'failed', lastSyncMessage: `${params.message}.` })
        .where(eq(apiConnections.id, r.connectionId));
    }
  }
  return rows.length;
}

export type JobWithConnection = JobRow & { connectionName: string | null };

export async function listJobs(
  db: Queryable,
  q: { limit: number; offset: number; status?: string },
): Promise<JobWithConnection[]> {
  const rows = await db
    .select({ job: syncJobs, connectionName: apiConnections.name })
    .from(syncJobs)
    .leftJoin(apiConnections, eq(apiConnections.id, syncJobs.connectionId))
    .where(q.status ? eq(syncJobs.status, q.status) : undefined)
    .orderBy(desc(syncJobs.createdAt), desc(syncJobs.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => ({ ...r.job, connectionName: r.connectionName }));
}

export async function findJob(db: Queryable, id: number): Promise<JobWithConnection | undefined> {
  const [row] = await db
    .select({ job: syncJobs, connectionName: apiConnections.name })
    .from(syncJobs)
    .leftJoin(apiConnections, eq(apiConnections.id, syncJobs.connectionId))
    .where(eq(syncJobs.id, id));
  return row ? { ...row.job, connectionName: row.connectionName } : undefined;
}

export async function listDetails(db: Queryable, jobId: number) {
  return db
    .select()
    .from(syncMonitoring)
    .where(eq(syncMonitoring.syncJobId, jobId))
    .orderBy(asc(syncMonitoring.id));
}

export async function stats(db: Queryable) {
  const since = sql`now() - interval '24 hours'`;
  const [jobs] = await db
    .select({
      running: sql<number>`count(*) filter (where ${syncJobs.status} = 'running')`.mapWith(Number),
      completed:
        sql<number>`count(*) filter (where ${syncJobs.status} = 'completed' and ${syncJobs.createdAt} >= ${since})`.mapWith(
          Number,
        ),
      failed:
        sql<number>`count(*) filter (where ${syncJobs.status} = 'failed' and ${syncJobs.createdAt} >= ${since})`.mapWith(
          Number,
        ),
      changes:
        sql<number>`coalesce(sum(${syncJobs.changesDetected}) filter (where ${syncJobs.createdAt} >= ${since}), 0)`.mapWith(
          Number,
        ),
      errors:
        sql<number>`coalesce(sum(${syncJobs.errorCount}) filter (where ${syncJobs.createdAt} >= ${since}), 0)`.mapWith(
          Number,
        ),
      lastCompletedAt:
        sql<Date | null>`max(${syncJobs.completedAt}) filter (where ${syncJobs.status} = 'completed')`.mapWith(
          (v: unknown) => (v ? new Date(v as string) : null),
        ),
    })
    .from(syncJobs);
  const [conn] = await db
    .select({
      total: count(),
      enabled: sql<number>`count(*) filter (where ${apiConnections.enabled})`.mapWith(Number),
    })
    .from(apiConnections);
  const [synced] = await db.select({ n: count() }).from(syncedProperties);
  const [feeds] = await db
    .select({
      total: count(),
      failing: sql<number>`count(*) filter (where ${icalFeeds.lastStatus} = 'error')`.mapWith(Number),
    })
    .from(icalFeeds);
  return { jobs: jobs!, conn: conn!, synced: synced!.n, feeds: feeds! };
}

/** Deletes reports older than `before` (details go with them). */
export async function pruneJobs(db: Queryable, before: Date): Promise<void> {
  await db.delete(syncJobs).where(and(lt(syncJobs.createdAt, before), isNotNull(syncJobs.completedAt)));
}

/**
 * Claims a scheduler slot: true for the one instance whose insert wins (ON CONFLICT DO NOTHING …
 * RETURNING answers a row to one of them only).
 */
export async function claimSlot(
  db: Queryable,
  slot: { name: string; slot: Date; claimedBy: string },
): Promise<boolean> {
  const rows = await db
    .insert(scheduledRuns)
    .values(slot)
    .onConflictDoNothing()
    .returning({ name: scheduledRuns.name });
  return rows.length === 1;
}

/** Claims older than a week are forgotten (a slot is never claimed again that late). */
export async function pruneSlots(db: Queryable): Promise<void> {
  await db.delete(scheduledRuns).where(sql`${scheduledRuns.slot} < now() - interval '7 days'`);
}
