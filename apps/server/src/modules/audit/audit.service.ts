import type { AuditLogPage, UpdateUserInput } from '@villas/shared';
import type { Queryable } from '../../db/client';
import { iso } from '../../lib/time';
import type { AuditDecision } from '../../plugins/audit';
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
 * An admin's edit of an account: `user.approve` when it approves a pending account, `user.role` when
 * it changes the role, else `user.update`; the summary keeps the e-mail and the state before.
 */
export async function userEditDecision(db: Queryable, id: number, input: Partial<UpdateUserInput>) {
  const before = await repo.findUserSnapshot(db, id);
  if (!before) return { action: 'user.update' } satisfies AuditDecision;
  const action =
    input.approved === true && !before.approved
      ? 'user.approve'
      : input.role !== undefined && input.role !== before.role
        ? 'user.role'
        : 'user.update';
  return {
    action,
    summary: { targetEmail: before.email, before: { approved: before.approved, role: before.role } },
  } satisfies AuditDecision;
}

/** Deleting an account: its e-mail and state are kept in the summary (the row is gone afterwards). */
export async function userDeleteDecision(db: Queryable, id: number): Promise<AuditDecision> {
  const before = await repo.findUserSnapshot(db, id);
  return {
    action: 'user.delete',
    summary: before
      ? { targetEmail: before.email, before: { approved: before.approved, role: before.role } }
      : {},
  };
}
