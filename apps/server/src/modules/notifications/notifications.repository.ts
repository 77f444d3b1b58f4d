import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { notifications, users } from '@villas/db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'read' | 'createdAt'>;

export async function insertNotification(db: Queryable, n: NewNotification): Promise<void> {
  await db.insert(notifications).values(n);
}

/** The same notification for every administrator's account. */
export async function insertForAdmins(db: Queryable, n: Omit<NewNotification, 'userId'>): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  if (admins.length) await db.insert(notifications).values(admins.map((a) => ({ ...n, userId: a.id })));
}

/** Every query is scoped by owner: another user's notification is simply not found. */
export function listForUser(db: Queryable, p: { userId: number; limit?: number; offset?: number }) {
  const q = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, p.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .$dynamic();
  if (p.limit) q.limit(p.limit);
  if (p.offset) q.offset(p.offset);
  return q;
}

/** The owner filter from lib/access (`undefined` = any owner; it never is for notifications). */
const owned = (userId: number | undefined) =>
  userId === undefined ? undefined : eq(notifications.userId, userId);

export async function markRead(
  db: Queryable,
  p: { id: number; userId: number | undefined },
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, p.id), owned(p.userId)))
    .returning();
  return row;
}

export async function deleteOwned(
  db: Queryable,
  p: { id: number; userId: number | undefined },
): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, p.id), owned(p.userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
