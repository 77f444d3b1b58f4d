import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first; `action` is a prefix (`user` keeps `user.approve`, `user.delete`, …). */
export async function listEntries(
  db: Queryable,
  params: { limit: number; offset: number; action?: string; actorId?: number },
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (params.action) {
    const escaped = params.action.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(like(auditLog.action, `${escaped}%`));
  }
  if (params.actorId) where.push(eq(auditLog.actorId, params.actorId));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(params.limit)
    .offset(params.offset);
}

/** An account's e-mail, approval and role as they are before an admin's change (the log's snapshot). */
export async function findUserSnapshot(db: Queryable, id: number) {
  const [row] = await db
    .select({ email: users.email, approved: users.approved, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
