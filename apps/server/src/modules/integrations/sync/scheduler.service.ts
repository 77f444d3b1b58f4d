import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@villas/shared';
import { AppError } from '../../../lib/errors';
import { listEnabledConnections, startConnectionSync } from '../connections/api-connections.service';
import { startAllFeedsRun } from '../ical/ical.service';
import type { IntegrationDeps } from '../integrations.service';
import * as repo from './sync-reports.repository';
import { failAbandonedRuns, pruneReports } from './sync-reports.service';

/**
 * Scheduled syncs: enabled connections every SYNC_INTERVAL_MINUTES, iCal feeds every
 * ICAL_INTERVAL_MINUTES (0 = off).
 *
 * Exactly once across instances: time is cut into slots of the interval; at each tick every
 * instance tries to insert (task, slot) into scheduled_runs and only the instance whose insert
 * wins (ON CONFLICT DO NOTHING … RETURNING answers one row to one of them) starts the slot's runs.
 * A claimed row cannot be claimed again, so a slot runs once even when instances tick at different
 * moments within it. The runs themselves also hold their lock key (one running run per connection).
 */
export class Scheduler {
  readonly instanceId: string;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> | undefined;

  constructor(
    private readonly deps: IntegrationDeps,
    private readonly opts: { embedded: boolean; tickMs?: number; instanceId?: string } = { embedded: true },
  ) {
    this.instanceId = opts.instanceId ?? randomUUID();
  }

  start(): void {
    if (this.timer) return;
    const tickMs = this.opts.tickMs ?? 30_000;
    const run = () => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .catch((err) => this.deps.log.error({ err }, 'scheduler tick failed'))
        .finally(() => (this.ticking = undefined));
    };
    this.timer = setInterval(run, tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** Tries to claim (task, slot); true for the one instance that wins. */
  async claim(name: string, slot: Date): Promise<boolean> {
    return repo.claimSlot(this.deps.db, { name, slot, claimedBy: this.instanceId });
  }

  /** One pass: housekeeping, then each due task this instance wins. Answers the tasks it started. */
  async tick(now = new Date()): Promise<string[]> {
    const started: string[] = [];
    const { intervalMinutes, icalIntervalMinutes } = this.deps.config.sync;
    if (!this.opts.embedded) await failAbandonedRuns(this.deps, false);

    if (await this.claim('prune', slotOf(now, 24 * 60))) {
      await pruneReports(this.deps);
      await repo.pruneSlots(this.deps.db);
    }
    if (intervalMinutes > 0 && (await this.claim('connections', slotOf(now, intervalMinutes)))) {
      for (const c of await listEnabledConnections(this.deps)) {
        try {
          if (await skipIfRunning(() => startConnectionSync(this.deps, c.id, 'schedule'))) {
            started.push(`connection:${c.id}`);
          }
        } catch (err) {
          // One connection that cannot start (unreadable credentials) does not stop the others.
          this.deps.log.error({ err, connectionId: c.id }, 'scheduled sync could not start');
        }
      }
    }
    if (icalIntervalMinutes > 0 && (await this.claim('ical', slotOf(now, icalIntervalMinutes)))) {
      if (await skipIfRunning(() => startAllFeedsRun(this.deps, 'schedule'))) started.push('ical');
    }
    return started;
  }
}

/** The start of the slot of `minutes` that `now` falls in (slots aligned on the epoch). */
export function slotOf(now: Date, minutes: number): Date {
  const ms = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** A run already going (409) or a disabled connection is skipped, not an error. */
async function skipIfRunning(start: () => Promise<unknown>): Promise<boolean> {
  try {
    await start();
    return true;
  } catch (err) {
    if (
      err instanceof AppError &&
      (err.code === ErrorCode.SYNC_RUNNING || err.code === ErrorCode.CONNECTION_DISABLED)
    ) {
      return false;
    }
    throw err;
  }
}
