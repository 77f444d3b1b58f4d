import { and, desc, eq, gt, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import {
  notifications,
  properties,
  propertyImages,
  users,
  whiteLabelInquiries,
  whiteLabelLinks,
  whiteLabelViews,
} from '@villas/db/schema';

export type LinkRow = typeof whiteLabelLinks.$inferSelect;
export type WlInquiryRow = typeof whiteLabelInquiries.$inferSelect;
type Paging = { limit?: number; offset?: number };

/** Not deleted: what the agent and the admin still see. */
export const notDeleted = isNull(whiteLabelLinks.deletedAt);

/** `%text%` for (i)like, with the pattern characters in `text` matched literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Admin search: the link's title, agent name or agent e-mail, or its agent account's name or e-mail,
 * contains `q` (case-insensitive). Only link columns at the top level, so the view-count sub-query can
 * use the same condition.
 */
export function linkMatches(db: Queryable, q: string): SQL {
  const p = containing(q);
  const agents = db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), ilike(users.email, p)));
  return or(
    ilike(whiteLabelLinks.title, p),
    ilike(whiteLabelLinks.agentName, p),
    ilike(whiteLabelLinks.agentEmail, p),
    inArray(whiteLabelLinks.agentId, agents),
  )!;
}

/** Live: what a client may open (active, not expired, not deleted). */
export const isLive = (): SQL =>
  and(
    eq(whiteLabelLinks.isActive, true),
    isNull(whiteLabelLinks.deletedAt),
    or(isNull(whiteLabelLinks.expiresAt), gt(whiteLabelLinks.expiresAt, sql`now()`)),
  )!;

/** Names of a link's existing properties, in the link's order (one sub-select, no query per link). */
const propertyNamesSql = sql<string[]>`array(
  select p.name from unnest(${whiteLabelLinks.propertyIds}) with ordinality as u(id, ord)
  join properties p on p.id = u.id order by u.ord)`;

/**
 * Links with their view counts (one grouped sub-query over the views of the links in scope, joined
 * once), their property names and their agent's account.
 */
/**
 * Links with their view counts, property names and agent, newest first: one link (`id`), an agent's
 * (`agentId`), or those whose title or agent matches `q` (see `linkMatches`). Deleted links are left
 * out unless `withDeleted`.
 */
export async function listLinks(
  db: Queryable,
  params: { id?: number; agentId?: number; q?: string; withDeleted?: boolean } & Paging,
) {
  const p = {
    ...params,
    where: and(
      params.id != null ? eq(whiteLabelLinks.id, params.id) : undefined,
      params.agentId != null ? eq(whiteLabelLinks.agentId, params.agentId) : undefined,
      params.q ? linkMatches(db, params.q) : undefined,
      params.withDeleted ? undefined : notDeleted,
    ),
  };
  const counts = db
    .select({
      linkId: whiteLabelViews.linkId,
      viewCount: sql<number>`count(*)::int`.as('view_count'),
    })
    .from(whiteLabelViews)
    .innerJoin(whiteLabelLinks, eq(whiteLabelLinks.id, whiteLabelViews.linkId))
    .where(p.where)
    .groupBy(whiteLabelViews.linkId)
    .as('vc');
  const q = db
    .select({
      link: whiteLabelLinks,
      viewCount: sql<number>`coalesce(${counts.viewCount}, 0)::int`,
      propertyNames: propertyNamesSql,
      agentFirstName: users.firstName,
      agentLastName: users.lastName,
      agentAccountEmail: users.email,
    })
    .from(whiteLabelLinks)
    .innerJoin(users, eq(users.id, whiteLabelLinks.agentId))
    .leftJoin(counts, eq(counts.linkId, whiteLabelLinks.id))
    .where(p.where)
    .orderBy(desc(whiteLabelLinks.createdAt), desc(whiteLabelLinks.id))
    .$dynamic();
  if (p.limit) q.limit(p.limit);
  if (p.offset) q.offset(p.offset);
  return q;
}
export type LinkListRow = Awaited<ReturnType<typeof listLinks>>[number];

export async function insertLink(
  db: Queryable,
  values: typeof whiteLabelLinks.$inferInsert,
): Promise<LinkRow> {
  const [row] = await db.insert(whiteLabelLinks).values(values).returning();
  return row!;
}

/** A live link with its agent's phone as the profile has it (for the client's page and brochure). */
export async function findLiveLinkWithAgentPhone(
  db: Queryable,
  uuid: string,
): Promise<(LinkRow & { agentPhone: string | null }) | undefined> {
  const [row] = await db
    .select({ link: whiteLabelLinks, agentPhone: users.phone })
    .from(whiteLabelLinks)
    .leftJoin(users, eq(users.id, whiteLabelLinks.agentId))
    .where(and(eq(whiteLabelLinks.uuid, uuid), isLive()))
    .limit(1);
  return row && { ...row.link, agentPhone: row.agentPhone };
}

export async function findLiveLinkByUuid(db: Queryable, uuid: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(whiteLabelLinks)
    .where(and(eq(whiteLabelLinks.uuid, uuid), isLive()))
    .limit(1);
  return row;
}

/** Soft delete, scoped by owner unless `agentId` is undefined (admin, lib/access). */
export async function softDeleteLink(
  db: Queryable,
  p: { id: number; agentId: number | undefined },
): Promise<boolean> {
  const rows = await db
    .update(whiteLabelLinks)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(whiteLabelLinks.id, p.id),
        notDeleted,
        p.agentId === undefined ? undefined : eq(whiteLabelLinks.agentId, p.agentId),
      ),
    )
    .returning({ id: whiteLabelLinks.id });
  return rows.length > 0;
}

export async function insertView(
  db: Queryable,
  values: { linkId: number; userAgent: string | null; ipAddress: string | null },
): Promise<void> {
  await db.insert(whiteLabelViews).values(values);
}

/** Whether this browser (address and user agent) opened the link since `since` (a reload). */
export async function hasViewSince(
  db: Queryable,
  params: { linkId: number; userAgent: string | null; ipAddress: string | null; since: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: whiteLabelViews.id })
    .from(whiteLabelViews)
    .where(
      and(
        eq(whiteLabelViews.linkId, params.linkId),
        gte(whiteLabelViews.viewedAt, params.since),
        params.ipAddress === null
          ? isNull(whiteLabelViews.ipAddress)
          : eq(whiteLabelViews.ipAddress, params.ipAddress),
        params.userAgent === null
          ? isNull(whiteLabelViews.userAgent)
          : eq(whiteLabelViews.userAgent, params.userAgent),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Serialises the "first view of the day" decision per link (one transaction at a time). */
export async function lockLink(db: Queryable, linkId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LINK_LOCK_SPACE}, ${linkId})`);
}
const LINK_LOCK_SPACE = 0x7711;

export async function hasNotificationSince(
  db: Queryable,
  p: { userId: number; type: string; relatedId: number; since: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, p.userId),
        eq(notifications.type, p.type),
        eq(notifications.relatedId, p.relatedId),
        gte(notifications.createdAt, p.since),
      ),
    )
    .limit(1);
  return !!row;
}

export async function existingPropertyIds(db: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: properties.id }).from(properties).where(inArray(properties.id, ids));
  return rows.map((r) => r.id);
}

/** The first image of the link's villas, in the link's order (Open Graph preview). */
export async function firstImageOf(db: Queryable, propertyIds: number[]): Promise<string | undefined> {
  if (!propertyIds.length) return undefined;
  const [row] = await db
    .select({ url: propertyImages.url })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, propertyIds))
    .orderBy(
      sql`array_position(${sql.param(propertyIds)}::int[], ${propertyImages.propertyId})`,
      propertyImages.sortOrder,
      propertyImages.id,
    )
    .limit(1);
  return row?.url;
}

export type AgentAccount = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
};

export async function findAgent(db: Queryable, id: number): Promise<AgentAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function insertWlInquiry(
  db: Queryable,
  values: typeof whiteLabelInquiries.$inferInsert,
): Promise<WlInquiryRow> {
  const [row] = await db.insert(whiteLabelInquiries).values(values).returning();
  return row!;
}

const inquirySelection = { inquiry: whiteLabelInquiries, linkTitle: whiteLabelLinks.title };
export type WlInquiryListRow = { inquiry: WlInquiryRow; linkTitle: string };

/** An agent's link inquiries, newest first (deleted links' inquiries stay with their agent). */
export function listWlInquiriesForAgent(db: Queryable, p: { agentId: number } & Paging) {
  const q = db
    .select(inquirySelection)
    .from(whiteLabelInquiries)
    .innerJoin(whiteLabelLinks, eq(whiteLabelLinks.id, whiteLabelInquiries.whiteLabelLinkId))
    .where(eq(whiteLabelLinks.agentId, p.agentId))
    .orderBy(desc(whiteLabelInquiries.createdAt), desc(whiteLabelInquiries.id))
    .$dynamic();
  if (p.limit) q.limit(p.limit);
  if (p.offset) q.offset(p.offset);
  return q;
}

/**
 * Updates an inquiry on one of the agent's links, scoped by owner unless `agentId` is undefined
 * (admin, lib/access); undefined when there is none.
 */
export async function updateWlInquiryStatus(
  db: Queryable,
  p: { id: number; agentId: number | undefined; status: WlInquiryRow['status'] },
): Promise<WlInquiryListRow | undefined> {
  const owned =
    p.agentId === undefined
      ? undefined
      : inArray(
          whiteLabelInquiries.whiteLabelLinkId,
          db
            .select({ id: whiteLabelLinks.id })
            .from(whiteLabelLinks)
            .where(eq(whiteLabelLinks.agentId, p.agentId)),
        );
  // The update and its read-back in one transaction: the updated row stays locked until both are
  // done, so the answer shows this request's status, never a concurrent writer's.
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(whiteLabelInquiries)
      .set({ status: p.status })
      .where(and(eq(whiteLabelInquiries.id, p.id), owned))
      .returning({ id: whiteLabelInquiries.id });
    if (!updated) return undefined;
    const [row] = await tx
      .select(inquirySelection)
      .from(whiteLabelInquiries)
      .innerJoin(whiteLabelLinks, eq(whiteLabelLinks.id, whiteLabelInquiries.whiteLabelLinkId))
      .where(eq(whiteLabelInquiries.id, updated.id));
    return row;
  });
}

/** A link that is not deleted, scoped by owner unless `agentId` is undefined (admin, lib/access). */
export async function findOwnLink(
  db: Queryable,
  p: { id: number; agentId: number | undefined },
): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(whiteLabelLinks)
    .where(
      and(
        eq(whiteLabelLinks.id, p.id),
        notDeleted,
        p.agentId === undefined ? undefined : eq(whiteLabelLinks.agentId, p.agentId),
      ),
    )
    .limit(1);
  return row;
}

/** Changes a link that is not deleted (the caller checked the owner); undefined when it is gone. */
export async function updateLink(
  db: Queryable,
  id: number,
  values: Partial<Omit<typeof whiteLabelLinks.$inferInsert, 'id' | 'uuid' | 'agentId' | 'createdAt'>>,
): Promise<LinkRow | undefined> {
  const [row] = await db
    .update(whiteLabelLinks)
    .set(values)
    .where(and(eq(whiteLabelLinks.id, id), notDeleted))
    .returning();
  return row;
}

/** Links hold property ids in an array (no foreign key): drops a deleted property's id from every link. */
export async function removePropertyFromLinks(db: Queryable, propertyId: number): Promise<void> {
  await db
    .update(whiteLabelLinks)
    .set({ propertyIds: sql`array_remove(${whiteLabelLinks.propertyIds}, ${propertyId}::integer)` })
    .where(sql`${propertyId}::integer = any(${whiteLabelLinks.propertyIds})`);
}
