import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { operationalCounts } from './metrics.repository';

/** A scrape waits this long for the database's counts; past it they are left out of that scrape. */
const COUNTS_TIMEOUT_MS = 1000;
const SYNC_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'];

/** The bearer token compared in constant time (digests, so the lengths do not leak either). */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The service's own gauges, read when Prometheus scrapes: the database pool, the search index's
 * freshness, the brochure queue, and from the database the mail outbox's backlog, the active holds
 * and the sync runs by status. A database that does not answer in time leaves its figures out of
 * that scrape (`villas_metrics_database_up` 0) rather than holding it.
 */
export function registerServiceGauges(app: FastifyInstance) {
  const registers = [app.metrics];
  const gauge = (
    name: string,
    help: string,
    collect: (g: Gauge) => void | Promise<void>,
    labelNames: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        await collect(this as Gauge);
      },
    });

  gauge(
    'villas_db_pool_connections',
    'PostgreSQL pool connections, by state (in use, idle)',
    (g) => {
      const s = app.database.poolStats?.();
      if (!s) return;
      g.set({ state: 'in_use' }, s.total - s.idle);
      g.set({ state: 'idle' }, s.idle);
    },
    ['state'],
  );
  gauge('villas_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', (g) => {
    const s = app.database.poolStats?.();
    if (s) g.set(s.waiting);
  });
  gauge(
    'villas_search_index_age_seconds',
    'Seconds since the search index last caught up with the database',
    (g) => {
      const f = app.searchIndex?.freshness;
      if (f?.readAt) g.set((Date.now() - f.readAt) / 1000);
    },
  );
  gauge(
    'villas_search_index_refresh_seconds',
    'How long the search index took to catch up, last time',
    (g) => {
      const f = app.searchIndex?.freshness;
      if (f?.readAt) g.set(f.refreshMs / 1000);
    },
  );
  gauge('villas_brochure_renders_pending', 'Brochures being rendered or waiting for a worker', (g) => {
    g.set(app.brochures.stats().pending);
  });

  // One database read per scrape, shared by the gauges below.
  let reading: Promise<Awaited<ReturnType<typeof operationalCounts>> | null> | null = null;
  const counts = () => {
    reading ??= Promise.race([
      operationalCounts(app.db).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), COUNTS_TIMEOUT_MS).unref()),
    ]).finally(() => setImmediate(() => (reading = null)));
    return reading;
  };
  gauge(
    'villas_metrics_database_up',
    '1 when the database answered this scrape’s counts in time',
    async (g) => {
      g.set((await counts()) ? 1 : 0);
    },
  );
  gauge('villas_mail_outbox_pending', 'E-mails waiting to be sent (first try or retry)', async (g) => {
    const c = await counts();
    if (c) g.set(c.outbox);
  });
  gauge('villas_holds_active', 'Active holds on villas’ nights', async (g) => {
    const c = await counts();
    if (c) g.set(c.holds);
  });
  gauge(
    'villas_sync_runs',
    'Sync runs kept (their reports), by status',
    async (g) => {
      const c = await counts();
      if (!c) return;
      for (const status of new Set([...SYNC_STATUSES, ...Object.keys(c.runs)]))
        g.set({ status }, c.runs[status] ?? 0);
    },
    ['status'],
  );
}
