import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { sessions, users } from '@villas/db/schema';

export type SessionRow = typeof sessions.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A session counts while it has not expired and its account is approved. */
const live = (now: Date) => and(gt(sessions.expiresAt, now), eq(users.approved, true));

/** The account of an unexpired session (approved or not: the caller decides) and when it ends. */
export async function findUserOfSession(
  db: Queryable,
  id: string,
): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** When a session ends, or undefined when it is gone, over, or its account is not approved. */
export async function findExpiry(db: Queryable, id: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), live(new Date())))
    .limit(1);
  return row?.expiresAt;
}

/** Of these sessions, the ones that still count (same rule as `findExpiry`). */
export async function findLiveIds(db: Queryable, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), live(new Date())));
  return rows.map((r) => r.id);
}

export async function insertSession(db: Queryable, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpired(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
