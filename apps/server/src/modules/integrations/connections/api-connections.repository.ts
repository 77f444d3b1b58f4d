import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { apiConnections, syncedProperties } from '@villas/db/schema';

export type ConnectionRow = typeof apiConnections.$inferSelect;

export async function listConnections(db: Queryable): Promise<ConnectionRow[]> {
  return db.select().from(apiConnections).orderBy(asc(apiConnections.id));
}

export async function listEnabledConnections(db: Queryable): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(apiConnections)
    .where(eq(apiConnections.enabled, true))
    .orderBy(asc(apiConnections.id));
}

export async function findConnection(
  db: Queryable,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ConnectionRow | undefined> {
  const query = db.select().from(apiConnections).where(eq(apiConnections.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The id the next connection gets, taken before it is written (its secrets are encrypted for it). */
export async function nextConnectionId(db: Queryable): Promise<number> {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('api_connections', 'id'))::int as id`,
  );
  return (result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
}

export async function insertConnection(db: Queryable, values: typeof apiConnections.$inferInsert) {
  const [row] = await db.insert(apiConnections).values(values).returning();
  return row!;
}

export async function updateConnection(
  db: Queryable,
  id: number,
  values: Partial<typeof apiConnections.$inferInsert>,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(apiConnections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(apiConnections.id, id))
    .returning();
  return row;
}

export async function deleteConnection(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .delete(apiConnections)
    .where(eq(apiConnections.id, id))
    .returning({ id: apiConnections.id });
  return rows.length > 0;
}

/**
 * After a run: when and how it ended (a failure with its summary for the administrator), and how
 * many properties the connection currently brings in.
 */
export async function recordSync(
  db: Queryable,
  id: number,
  outcome: { status: 'completed' | 'failed'; message: string | null },
): Promise<void> {
  await db
    .update(apiConnections)
    .set({
      lastSync: sql`now()`,
      lastSyncStatus: outcome.status,
      lastSyncMessage: outcome.message,
      propertyCount: sql`(select count(*)::int from ${syncedProperties} where ${syncedProperties.connectionId} = ${id} and ${syncedProperties.vanishedAt} is null)`,
    })
    .where(eq(apiConnections.id, id));
}
