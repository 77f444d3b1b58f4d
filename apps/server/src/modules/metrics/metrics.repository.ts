import { sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';

interface Counts {
  outbox: number;
  holds: number;
  runs: Record<string, number> | null;
}

/**
 * What a scrape reads from the database, in one statement: the mail outbox's backlog, the active
 * holds, and the sync runs by status (every run is kept as its report).
 */
export async function operationalCounts(db: Queryable) {
  const result = await db.execute(sql`
    select
      (select count(*) from mail_outbox where status = 'pending')::int as outbox,
      (select count(*) from holds where status = 'active')::int as holds,
      (select jsonb_object_agg(status, n) from (
        select status, count(*)::int as n from sync_jobs group by status) s) as runs`);
  const row = (result as unknown as { rows: Counts[] }).rows[0]!;
  return { outbox: row.outbox, holds: row.holds, runs: row.runs ?? {} };
}
