import type { AuditLogPage } from '@villas/shared';
import type { Queryable } from '@villas/db/client';
import { iso } from '../../lib/time';
import * as repo from './audit.repository';

/** One page of the audit log, newest first (`hasMore` from one extra row). */
export async function listAuditLog(
  db: Queryable,
  query: { limit: number; offset: number; action?: string; actorId?: number },
): Promise<AuditLogPage> {
  const rows = await repo.listEntries(db, { ...query, limit: query.limit + 1 });
  return {
    items: rows.slice(0, query.limit).map((r) => ({
      id: r.id,
      at: iso(r.at)!,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      summary: r.summary,
      statusCode: r.statusCode,
    })),
    hasMore: rows.length > query.limit,
  };
}

/**
 * Writes one audit row (the audit plugin, after an administrator's successful change). `at` is when
 * the change's answer was ready, as an ISO time with microseconds; without it the row is dated now.
 */
export const recordAuditEntry = (db: Queryable, entry: repo.NewAuditEntry): Promise<void> =>
  repo.insertEntry(db, entry);
