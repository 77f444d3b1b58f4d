import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { auditLog } from '@villas/db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'> & { at: string | null };

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

export async function insertEntry(db: Queryable, { at, ...entry }: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, ...(at ? { at: sql`${at}::timestamptz` } : {}) });
}
