import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** When a session ends, or undefined when it is gone, over, or its account is not approved. */
export async function sessionExpiry(db: Queryable, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), eq(users.approved, true)))
    .limit(1);
  return row?.expiresAt;
}

/** Of these sessions, the ones still valid (same rule as `sessionExpiry`). */
export async function validSessionIds(db: Queryable, sessionIds: string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, new Date()), eq(users.approved, true)),
    );
  return new Set(rows.map((r) => r.id));
}
