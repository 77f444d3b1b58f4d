import type {
  SyncReport,
  SyncReportSummary,
  SyncStarted,
  SyncStats,
  syncReportsQuerySchema,
} from '@villas/shared';
import type { z } from 'zod';
import { NotFoundError } from '../../../lib/errors';
import { directScope, type WriteScope } from '../../../lib/write-scope';
import type { AuthUser } from '../../../plugins/auth';
import {
  credentialsOf,
  listEnabledConnections,
  recordConnectionSync,
} from '../connections/api-connections.service';
import { listAllFeeds, runFeeds } from '../ical/ical.service';
import { adapterFor, type IntegrationDeps } from '../integrations.service';
import { providerErrorOf } from '../../../lib/provider-error';
import type { Provider } from '@villas/shared';
import * as repo from './sync-reports.repository';

type ListQuery = z.output<typeof syncReportsQuerySchema>;

/** Without paging the list answers the most recent reports (the original array shape). */
export const DEFAULT_REPORTS = 100;

function toSummary(row: repo.JobWithConnection): SyncReportSummary {
  const start = row.startedAt ?? row.createdAt;
  const end = row.completedAt ?? (row.status === 'running' ? new Date() : null);
  return {
    id: row.id,
    jobType: row.jobType,
    status: row.status,
    trigger: row.trigger,
    connectionId: row.connectionId,
    connectionName: row.connectionName,
    feedId: row.feedId,
    startTime: start.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    duration: end ? Math.max(0, end.getTime() - start.getTime()) : null,
    propertiesProcessed: row.propertiesProcessed,
    changesDetected: row.changesDetected,
    newImagesCount: row.newImagesCount,
    calendarUpdates: row.calendarUpdates,
    errorCount: row.errorCount,
    errorMessage: row.errorMessage,
  };
}

export async function listReports(
  deps: IntegrationDeps,
  _actor: AuthUser,
  q: ListQuery,
): Promise<SyncReportSummary[]> {
  const rows = await repo.listJobs(deps.db, {
    limit: q.limit ?? DEFAULT_REPORTS,
    offset: q.offset ?? 0,
    status: q.status,
  });
  return rows.map(toSummary);
}

/**
 * One run's report (job type, status, start, duration, counts) with its per-property
 * changes and errors.
 */
export async function getReport(deps: IntegrationDeps, _actor: AuthUser, id: number): Promise<SyncReport> {
  const row = await repo.findJob(deps.db, id);
  if (!row) throw new NotFoundError('Sync report not found');
  const details = await repo.listDetails(deps.db, id);
  return {
    ...toSummary(row),
    propertyChanges: details
      .filter((d) => d.operationType !== 'error')
      .map((d) => ({
        propertyId: d.propertyId,
        propertyName: d.resourceName ?? '',
        changeType: d.operationType,
        changeDescription: d.description ?? '',
        newImageCount: d.newImageCount,
      })),
    errors: details
      .filter((d) => d.operationType === 'error')
      .map((d) => ({ message: d.errorMessage ?? 'Unknown error', propertyName: d.resourceName })),
  };
}

export async function getStats(deps: IntegrationDeps, _actor: AuthUser): Promise<SyncStats> {
  const s = await repo.stats(deps.db);
  return {
    running: s.jobs.running,
    last24h: {
      completed: s.jobs.completed,
      failed: s.jobs.failed,
      changes: s.jobs.changes,
      errors: s.jobs.errors,
    },
    lastCompletedAt: s.jobs.lastCompletedAt ? s.jobs.lastCompletedAt.toISOString() : null,
    connections: { total: s.conn.total, enabled: s.conn.enabled },
    syncedProperties: s.synced,
    icalFeeds: { total: s.feeds.total, failing: s.feeds.failing },
  };
}

/**
 * Every enabled connection with an API (Invenio) and then every iCal feed, as one report. Started
 * in the background once the report's row is committed in the scope (an administrator's audited
 * call: its transaction): answers the report id at once, and the report shows progress as it runs.
 */
export async function startComprehensiveSync(
  deps: IntegrationDeps,
  trigger: 'manual' | 'schedule' = 'manual',
  scope: WriteScope = directScope(deps.db),
): Promise<SyncStarted> {
  const { id } = await deps.runner.start(
    {
      jobType: 'comprehensive',
      lockKey: 'comprehensive',
      trigger,
      conflictMessage: 'A comprehensive sync is already running. Wait for it to finish.',
    },
    async (job) => {
      for (const row of await listEnabledConnections(deps)) {
        if (row.provider !== 'invenio') continue;
        job.throwIfStopped();
        if (await repo.findRunningByLock(deps.db, `connection:${row.id}`)) {
          await job.error({ message: `${row.name}: skipped, a sync of this connection is already running` });
          continue;
        }
        let failure: unknown = null;
        try {
          const adapter = adapterFor(row.provider as Provider, deps, credentialsOf(deps, row));
          await adapter.sync(job, { connectionId: row.id, name: row.name });
        } catch (err) {
          failure = err;
          if (job.signal.aborted) throw err;
          await job.error({ message: `${row.name}: ${providerErrorOf(err).message}` });
        } finally {
          await recordConnectionSync(deps, row.id, failure, job.signal.aborted);
        }
      }
      await runFeeds(deps, job, await listAllFeeds(deps));
    },
    scope,
  );
  return { reportId: id, status: 'running', message: 'Sync Triggered' };
}

const STALE_MS = 90_000;

/**
 * Runs left 'running' by a process that died. With the embedded database only this process uses
 * it, so every run started before it is dead; on a PostgreSQL server other instances may be
 * running theirs, so a run counts as dead once its heartbeat (every 20 s) is 90 s old.
 */
export async function failAbandonedRuns(deps: IntegrationDeps, embedded: boolean): Promise<number> {
  const now = Date.now();
  return repo.failAbandonedJobs(deps.db, {
    startedBefore: embedded ? deps.startedAt : new Date(now),
    silentSince: embedded ? new Date(now + 86_400_000) : new Date(now - STALE_MS),
    message: 'Interrupted: the server stopped while this sync was running',
  });
}

/** Reports are kept 90 days. */
export async function pruneReports(deps: IntegrationDeps): Promise<void> {
  await repo.pruneJobs(deps.db, new Date(Date.now() - 90 * 86_400_000));
}
