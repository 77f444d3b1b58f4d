import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export function listAll(db: Queryable, paging: { limit?: number; offset?: number } = {}) {
  const q = db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).$dynamic();
  if (paging.limit) q.limit(paging.limit);
  if (paging.offset) q.offset(paging.offset);
  return q;
}

export async function listAdmins(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, 'admin'));
}

export async function insertUser(db: Queryable, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Queryable,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
