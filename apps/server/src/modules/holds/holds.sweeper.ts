import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@villas/db/client';
import { expireHolds } from './holds.service';

const BATCH = 200;

/**
 * Frees expired holds every `intervalMs` (HOLD_SWEEP_SECONDS). Each hold expires exactly once however
 * many instances sweep one database: the expiring update hands every hold to one transaction only
 * (holds.repository expireDue). A failed sweep (database down) is logged and tried at the next tick.
 */
export class HoldSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One sweep unless one is still going. */
  tick(): void {
    if (this.running) return;
    this.running = this.sweep()
      .then((n) => n && this.log.info(`${n} expired hold(s) released`))
      .catch((err) => this.log.error({ err }, 'releasing expired holds failed; retrying at the next tick'))
      .finally(() => (this.running = undefined));
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Expires every overdue hold, in batches. Answers how many this call expired. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = (await expireHolds(this.db, { limit: BATCH })).length;
      total += n;
      if (n < BATCH) return total;
    }
  }
}
