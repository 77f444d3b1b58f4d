import type { Db } from '@villas/db/client';

/**
 * Where a request's writes go, and what waits for them (docs/decisions/007-audit-log.md). An
 * administrator's audited call writes in one transaction with its audit row: `db` is that
 * transaction, `afterCommit` holds work that must see the committed change or must not happen if
 * it rolls back (a message's delivery, a sync run), and `commit` ends the transaction early for a
 * call that then waits for work of its own (a sync run it answers the outcome of). Everywhere else
 * `db` is the app's database and both run at once. A request is a scope (plugins/audit.ts).
 */
export interface WriteScope {
  readonly db: Db;
  /** Runs `fn` once the writes are committed; never when they roll back. */
  afterCommit(fn: () => void): void;
  /** Commits the writes so far (rejects when that fails); later writes go to the app's database. */
  commit(): Promise<void>;
}

/** Writes straight to `db`, outside any request: `afterCommit` runs at once, `commit` has nothing to do. */
export const directScope = (db: Db): WriteScope => ({
  db,
  afterCommit: (fn) => fn(),
  commit: async () => undefined,
});
