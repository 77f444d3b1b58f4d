import type { UserStatus } from '@villas/shared';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { users } from '@villas/db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/**
 * Stamps a successful sign-in (the row locked, so two at once cannot both be the first): answers the
 * stamp it had before, null for the account's first sign-in.
 */
export async function stampSignIn(tx: Queryable, id: number): Promise<Date | null> {
  const [row] = await tx
    .select({ before: users.lastSignInAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  await tx
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, id));
  return row?.before ?? null;
}

export async function findById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** `%text%` for ilike, with the pattern characters in `text` matched literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** First name, last name, e-mail, company or licence contains `q`, whatever the case. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = containing(q);
  return or(
    ilike(users.firstName, p),
    ilike(users.lastName, p),
    ilike(users.email, p),
    ilike(users.company, p),
    ilike(users.agentLicense, p),
  );
}

const statusIs = (status: UserStatus | undefined): SQL | undefined =>
  status ? eq(users.approved, status === 'active') : undefined;

export function listAll(
  db: Queryable,
  params: { q?: string; status?: UserStatus; limit?: number; offset?: number } = {},
) {
  const q = db
    .select()
    .from(users)
    .where(and(matching(params.q), statusIs(params.status)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
  if (params.limit) q.limit(params.limit);
  if (params.offset) q.offset(params.offset);
  return q;
}

/** Accounts matching `q`: all, approved and pending, in one statement. */
export async function countUsers(db: Queryable, params: { q?: string } = {}) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.approved}))::int`,
      pending: sql<number>`(count(*) filter (where not ${users.approved}))::int`,
    })
    .from(users)
    .where(matching(params.q));
  return { total: row?.total ?? 0, active: row?.active ?? 0, pending: row?.pending ?? 0 };
}

/**
 * Locks every approved administrator's row (in id order, so two editors never deadlock) until the
 * transaction ends, and returns their ids. A concurrent change to an administrator waits here, then
 * sees the other's committed result: two admins demoting each other cannot both succeed.
 */
export async function lockApprovedAdmins(tx: Queryable): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.approved, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The row, locked until the transaction ends. */
export async function findByIdForUpdate(tx: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow> {
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
