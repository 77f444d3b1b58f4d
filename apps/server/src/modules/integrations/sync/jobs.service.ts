import { ErrorCode } from '@villas/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@villas/db/client';
import { pgErrorCode } from '@villas/db/client';
import { AppError } from '../../../lib/errors';
import { directScope, type WriteScope } from '../../../lib/write-scope';
import { OutboundError } from '../../../lib/outbound';
import { ProviderError, providerErrorOf } from '../../../lib/provider-error';
import * as repo from './sync-reports.repository';

/**
 * Runs of syncs, each one a `sync_jobs` row (a sync report) with `sync_monitoring` detail rows.
 *
 * A run starts by inserting its row as 'running' with a lock key; the partial unique index on
 * (lock_key) where status = 'running' refuses a second running row for the same key, on every app
 * instance sharing the database, so two syncs of one connection never overlap (the second is
 * refused with 409). The run's work happens in the background; its counters are written as it
 * goes (the report shows progress) together with a heartbeat, and a run whose process died is
 * marked failed at the next start (or by the housekeeping sweep once its heartbeat is stale).
 */

export interface JobSpec {
  jobType: string;
  /** What the run works on; one running run per key. null = no exclusivity. */
  lockKey: string | null;
  connectionId?: number | null;
  feedId?: number | null;
  trigger?: 'manual' | 'schedule' | 'api';
  /** The 409 message when a run with the same key is already running. */
  conflictMessage?: string;
}

export interface ChangeEntry {
  propertyId?: number | null;
  propertyName: string;
  /** created, updated, unavailable, available, calendar … */
  changeType: string;
  description: string;
  newImageCount?: number;
  details?: unknown;
  oldValues?: unknown;
  newValues?: unknown;
  syncType?: string;
}

export interface ErrorEntry {
  propertyId?: number | null;
  propertyName?: string | null;
  resourceId?: string | null;
  message: string;
  syncType?: string;
}

export interface JobOutcome {
  id: number;
  status: 'completed' | 'failed';
  errorMessage: string | null;
  counters: repo.Counters;
}

/** The cause of a failure, in words an admin can act on (never a stack). */
export function failureMessage(err: unknown): string {
  if (err instanceof AppError || err instanceof ProviderError) return err.message;
  if (err instanceof OutboundError) return providerErrorOf(err).message;
  const message = err instanceof Error ? err.message : String(err);
  return `Unexpected error: ${message.slice(0, 300)}`;
}

const HEARTBEAT_MS = 20_000;
const PROGRESS_EVERY_MS = 500;

/** What a run's work sees: counters, detail rows, its cancel signal. */
export class JobRecorder {
  readonly counters: repo.Counters = {
    propertiesProcessed: 0,
    propertiesUpdated: 0,
    changesDetected: 0,
    newImagesCount: 0,
    calendarUpdates: 0,
    errorCount: 0,
  };
  private lastFlush = 0;

  constructor(
    private readonly db: Db,
    readonly id: number,
    readonly signal: AbortSignal,
    private readonly syncType: string,
  ) {}

  processed(n = 1): void {
    this.counters.propertiesProcessed += n;
  }

  calendar(nights: number): void {
    this.counters.calendarUpdates += nights;
  }

  async change(entry: ChangeEntry): Promise<void> {
    this.counters.changesDetected += 1;
    this.counters.propertiesUpdated += 1;
    this.counters.newImagesCount += entry.newImageCount ?? 0;
    await repo.insertDetail(this.db, {
      syncJobId: this.id,
      syncType: entry.syncType ?? this.syncType,
      operationType: entry.changeType,
      propertyId: entry.propertyId ?? null,
      resourceId: entry.propertyId != null ? String(entry.propertyId) : null,
      resourceName: entry.propertyName,
      description: entry.description,
      newImageCount: entry.newImageCount ?? 0,
      changeDetails: entry.details ?? null,
      oldValues: entry.oldValues ?? null,
      newValues: entry.newValues ?? null,
    });
  }

  async error(entry: ErrorEntry): Promise<void> {
    this.counters.errorCount += 1;
    await repo.insertDetail(this.db, {
      syncJobId: this.id,
      syncType: entry.syncType ?? this.syncType,
      operationType: 'error',
      propertyId: entry.propertyId ?? null,
      resourceId: entry.resourceId ?? (entry.propertyId != null ? String(entry.propertyId) : null),
      resourceName: entry.propertyName ?? null,
      errorMessage: entry.message,
    });
  }

  /** Writes the counters (at most every 0.5 s unless forced) and the heartbeat. */
  async progress(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastFlush < PROGRESS_EVERY_MS) return;
    this.lastFlush = now;
    await repo.updateProgress(this.db, this.id, this.counters);
  }

  /** Throws when the run was cancelled (the server is shutting down). */
  throwIfStopped(): void {
    if (this.signal.aborted) {
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The run was stopped: the server shut down');
    }
  }
}

export type JobWork = (job: JobRecorder) => Promise<void>;

export class JobRunner {
  private readonly running = new Map<number, { controller: AbortController; done: Promise<JobOutcome> }>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>,
  ) {}

  /**
   * Inserts the running row (409 when a run with the same key is running) with the scope's database
   * (an administrator's audited call: its transaction) and starts the work in the background once
   * that row is committed; the work itself writes with the app's database. Answers the report id at
   * once and a promise of the outcome (which never settles if the row is rolled back).
   */
  async start(
    spec: JobSpec,
    work: JobWork,
    scope: WriteScope = directScope(this.db),
  ): Promise<{ id: number; done: Promise<JobOutcome> }> {
    if (this.closed) {
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The server is shutting down');
    }
    let row: repo.JobRow;
    try {
      // Its own transaction, or a savepoint in the caller's: a refused insert leaves it usable.
      row = await scope.db.transaction((tx) =>
        repo.insertRunningJob(tx, {
          jobType: spec.jobType,
          lockKey: spec.lockKey,
          connectionId: spec.connectionId ?? null,
          feedId: spec.feedId ?? null,
          trigger: spec.trigger ?? 'manual',
        }),
      );
    } catch (err) {
      if (pgErrorCode(err) === '23505' && spec.lockKey) {
        const other = await repo.findRunningByLock(scope.db, spec.lockKey);
        throw new AppError(
          409,
          ErrorCode.SYNC_RUNNING,
          spec.conflictMessage ?? 'A sync of this kind is already running. Wait for it to finish.',
          { reportId: other?.id ?? null },
        );
      }
      throw err;
    }
    const id = row.id;
    let begin!: () => void;
    const done = new Promise<JobOutcome>((resolve) => {
      begin = () => resolve(this.execute(id, spec, work));
    });
    scope.afterCommit(begin);
    return { id, done };
  }

  /** The run's work, its heartbeat and its end, recorded with the app's database. */
  private execute(id: number, spec: JobSpec, work: JobWork): Promise<JobOutcome> {
    const controller = new AbortController();
    const recorder = new JobRecorder(this.db, id, controller.signal, spec.jobType);
    const heartbeat = setInterval(() => {
      repo.updateProgress(this.db, id, recorder.counters).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();

    const done = (async (): Promise<JobOutcome> => {
      let status: 'completed' | 'failed' = 'completed';
      let errorMessage: string | null = null;
      try {
        // A run the server began to stop before its row was committed ends at once, recorded.
        if (this.closed) controller.abort();
        recorder.throwIfStopped();
        await work(recorder);
      } catch (err) {
        status = 'failed';
        errorMessage = controller.signal.aborted
          ? 'The run was stopped: the server shut down'
          : failureMessage(err);
        if (!(err instanceof AppError || err instanceof OutboundError || err instanceof ProviderError)) {
          this.log.error({ err, reportId: id }, 'sync run failed');
        }
        try {
          await recorder.error({ message: errorMessage });
        } catch {
          // The detail row is a nicety; the status below is what matters.
        }
      } finally {
        clearInterval(heartbeat);
      }
      try {
        await repo.finishJob(this.db, id, { ...recorder.counters, status, errorMessage });
      } catch (err) {
        this.log.error({ err, reportId: id }, 'could not record the end of a sync run');
      }
      return { id, status, errorMessage, counters: { ...recorder.counters } };
    })();
    this.running.set(id, { controller, done });
    void done.finally(() => this.running.delete(id));
    return done;
  }

  /**
   * Starts and waits for the outcome. In a caller's transaction the running row is committed first
   * (the scope's `commit`), so the run's own writes never wait on it.
   */
  async run(spec: JobSpec, work: JobWork, scope: WriteScope = directScope(this.db)): Promise<JobOutcome> {
    const { done } = await this.start(spec, work, scope);
    await scope.commit();
    return done;
  }

  /** The running run holding this lock key, on any instance (its report id). */
  async runningWith(lockKey: string, db: Db = this.db): Promise<number | undefined> {
    return (await repo.findRunningByLock(db, lockKey))?.id;
  }

  get activeCount(): number {
    return this.running.size;
  }

  /** Waits for every run in this process (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Stops accepting runs, cancels the running ones and waits for them to record their end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const r of this.running.values()) r.controller.abort();
    await this.idle();
  }
}
