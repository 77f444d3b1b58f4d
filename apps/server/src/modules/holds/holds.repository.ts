import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { holds, inquiries, properties, users, whiteLabelInquiries, whiteLabelLinks } from '@villas/db/schema';

export type HoldRow = typeof holds.$inferSelect;
export type HoldStatus = HoldRow['status'];

/** The booking inquiry a hold may come from, with the agent who sent it. */
export async function findBookingInquiry(db: Queryable, id: number) {
  const [row] = await db
    .select({
      id: inquiries.id,
      kind: inquiries.kind,
      agentId: inquiries.agentId,
      propertyId: inquiries.propertyId,
      clientName: sql<string>`${inquiries.firstName} || ' ' || ${inquiries.lastName}`,
      checkIn: inquiries.checkIn,
      checkOut: inquiries.checkOut,
    })
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .limit(1);
  return row;
}

/** A client's booking request on a link that is not deleted, with the link's agent. */
export async function findWhiteLabelInquiry(db: Queryable, id: number) {
  const [row] = await db
    .select({
      id: whiteLabelInquiries.id,
      agentId: whiteLabelLinks.agentId,
      propertyId: whiteLabelInquiries.propertyId,
      clientName: whiteLabelInquiries.clientName,
      checkIn: whiteLabelInquiries.checkIn,
      checkOut: whiteLabelInquiries.checkOut,
    })
    .from(whiteLabelInquiries)
    .innerJoin(whiteLabelLinks, eq(whiteLabelLinks.id, whiteLabelInquiries.whiteLabelLinkId))
    .where(and(eq(whiteLabelInquiries.id, id), isNull(whiteLabelLinks.deletedAt)))
    .limit(1);
  return row;
}

export async function findProperty(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: properties.id, name: properties.name, available: properties.available })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  return row;
}

/** A user's name as lists show it ('Sophie Moreau'). */
export async function userName(db: Queryable, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.name;
}

export async function insertHold(db: Queryable, values: typeof holds.$inferInsert): Promise<HoldRow> {
  const [row] = await db.insert(holds).values(values).returning();
  return row!;
}

/**
 * Serialises the placing of one agent's holds (until the transaction ends): their caps are counted
 * and the new hold inserted by one transaction at a time, so two requests at the cap cannot both pass.
 */
export async function lockAgentHolds(db: Queryable, agentId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${AGENT_HOLDS_LOCK_SPACE}, ${agentId})`);
}
/** The advisory locks' first key for one agent's holds (other modules use other spaces). */
const AGENT_HOLDS_LOCK_SPACE = 0x4f1d;

/** An agent's holds in force (active, not past their expiry): how many, and their nights summed. */
export async function agentHoldLoad(
  db: Queryable,
  agentId: number,
): Promise<{ active: number; nights: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*)::int`,
      nights: sql<number>`coalesce(sum(${holds.checkOut} - ${holds.checkIn}), 0)::int`,
    })
    .from(holds)
    .where(and(eq(holds.agentId, agentId), eq(holds.status, 'active'), sql`${holds.expiresAt} > now()`));
  return { active: Number(row?.active ?? 0), nights: Number(row?.nights ?? 0) };
}

/**
 * Ends one active hold that has not expired yet (status active → released/confirmed). Answers
 * nothing when it is no longer active or is past its expiry: the conditional update decides, so of
 * a release, a confirmation and the expiry racing for one hold exactly one wins.
 */
export async function closeHold(
  db: Queryable,
  p: { id: number; status: 'released' | 'confirmed'; byId: number },
): Promise<HoldRow | undefined> {
  const [row] = await db
    .update(holds)
    .set({ status: p.status, closedAt: sql`now()`, closedById: p.byId })
    .where(and(eq(holds.id, p.id), eq(holds.status, 'active'), sql`${holds.expiresAt} > now()`))
    .returning();
  return row;
}

/**
 * Releases those of `ids` that are active and not past their expiry, in one conditional update (a
 * hold ended meanwhile is left out). Answers the holds released, in id order.
 */
export async function releaseMany(db: Queryable, p: { ids: number[]; byId: number }): Promise<HoldRow[]> {
  if (!p.ids.length) return [];
  const rows = await db
    .update(holds)
    .set({ status: 'released', closedAt: sql`now()`, closedById: p.byId })
    .where(and(inArray(holds.id, p.ids), eq(holds.status, 'active'), sql`${holds.expiresAt} > now()`))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Marks active holds past their expiry as expired and answers them, each to exactly one caller:
 * rows another transaction is already ending are skipped (FOR UPDATE SKIP LOCKED), and a row ended
 * meanwhile fails the re-checked `status = 'active'`. `propertyId` / `id` narrow it.
 */
export async function expireDue(
  db: Queryable,
  p: { propertyId?: number; id?: number; ids?: number[]; limit?: number } = {},
): Promise<HoldRow[]> {
  const filters: SQL[] = [sql`status = 'active'`, sql`expires_at <= now()`];
  if (p.propertyId != null) filters.push(sql`property_id = ${p.propertyId}`);
  if (p.id != null) filters.push(sql`id = ${p.id}`);
  if (p.ids) {
    if (!p.ids.length) return [];
    filters.push(
      sql`id in (${sql.join(
        p.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  const due = sql`select id from holds where ${sql.join(filters, sql` and `)}
    order by id limit ${p.limit ?? 500} for update skip locked`;
  return db
    .update(holds)
    .set({ status: 'expired', closedAt: sql`now()` })
    .where(and(sql`${holds.id} in (${due})`, eq(holds.status, 'active')))
    .returning();
}

/** A hold with its villa's and people's names (what the API answers). */
function selectHolds(db: Queryable) {
  return db
    .select({
      hold: holds,
      propertyName: properties.name,
      agentFirstName: users.firstName,
      agentLastName: users.lastName,
      agentCompany: users.company,
      closedByName: sql<
        string | null
      >`(select trim(c.first_name || ' ' || c.last_name) from users c where c.id = ${holds.closedById})`,
    })
    .from(holds)
    .innerJoin(properties, eq(properties.id, holds.propertyId))
    .innerJoin(users, eq(users.id, holds.agentId))
    .$dynamic();
}
export type HoldListRow = NonNullable<Awaited<ReturnType<typeof findHold>>>;

/** One hold; `agentId` set = only that agent's. */
export async function findHold(db: Queryable, p: { id: number; agentId?: number }) {
  const [row] = await selectHolds(db)
    .where(and(eq(holds.id, p.id), p.agentId === undefined ? undefined : eq(holds.agentId, p.agentId)))
    .limit(1);
  return row;
}

/**
 * Holds, newest first; `agentId` set = only that agent's. `status: 'active'` means in force (not
 * past its expiry); 'expired' includes active ones past it (the sweeper has not freed them yet).
 */
export async function listHolds(
  db: Queryable,
  p: {
    agentId?: number;
    status?: HoldStatus;
    propertyId?: number;
    ids?: number[];
    limit?: number;
    offset?: number;
  },
) {
  const where: Array<SQL | undefined> = [];
  if (p.agentId !== undefined) where.push(eq(holds.agentId, p.agentId));
  if (p.propertyId !== undefined) where.push(eq(holds.propertyId, p.propertyId));
  if (p.ids) where.push(inArray(holds.id, p.ids));
  if (p.status === 'active') where.push(sql`${holds.status} = 'active' and ${holds.expiresAt} > now()`);
  else if (p.status === 'expired')
    where.push(
      sql`(${holds.status} = 'expired' or (${holds.status} = 'active' and ${holds.expiresAt} <= now()))`,
    );
  else if (p.status) where.push(eq(holds.status, p.status));
  const q = selectHolds(db)
    .where(and(...where))
    .orderBy(desc(holds.createdAt), desc(holds.id));
  if (p.limit) q.limit(p.limit);
  if (p.offset) q.offset(p.offset);
  return q;
}

/** Every agent's holds in force (active, not past their expiry), newest first: one page and the total. */
export async function listActiveHolds(db: Queryable, p: { limit: number; offset: number }) {
  const inForce = sql`${holds.status} = 'active' and ${holds.expiresAt} > now()`;
  const [items, [count]] = await Promise.all([
    selectHolds(db)
      .where(inForce)
      .orderBy(desc(holds.createdAt), desc(holds.id))
      .limit(p.limit)
      .offset(p.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(holds)
      .where(inForce),
  ]);
  return { items, total: Number(count?.total ?? 0) };
}
