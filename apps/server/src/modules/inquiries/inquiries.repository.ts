import type { InboxItem, InboxSource, InboxStatus } from '@villas/shared';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { inquiries } from '@villas/db/schema';

export type InquiryRow = typeof inquiries.$inferSelect;

export async function insertInquiry(
  db: Queryable,
  values: typeof inquiries.$inferInsert,
): Promise<InquiryRow> {
  const [row] = await db.insert(inquiries).values(values).returning();
  return row!;
}

export function listInquiries(db: Queryable, paging: { limit?: number; offset?: number } = {}) {
  const q = db.select().from(inquiries).orderBy(desc(inquiries.createdAt), desc(inquiries.id)).$dynamic();
  if (paging.limit) q.limit(paging.limit);
  if (paging.offset) q.offset(paging.offset);
  return q;
}

export async function updateInquiryStatus(
  db: Queryable,
  p: { id: number; status: InquiryRow['status'] },
): Promise<InquiryRow | undefined> {
  const [row] = await db
    .update(inquiries)
    .set({ status: p.status })
    .where(eq(inquiries.id, p.id))
    .returning();
  return row;
}

/** The inbox's filters (shared `inboxQuerySchema`), each optional, combined with `and`. */
export interface InboxFilters {
  source?: InboxSource;
  status?: InboxStatus;
  agentId?: number;
  propertyId?: number;
  from?: string;
  to?: string;
}

/** Both drivers (node-postgres, PGlite) answer a raw statement with its `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Every request in one shape: the inquiries (their source from their kind, the agent's name and
 * agency as stored, the account's current name while it exists) and the clients' requests through
 * links (the link's agent: the account, else the name and company written on the link). A link
 * request stays when its link is soft-deleted.
 */
const ITEMS = sql`
  select 'inquiry-' || i.id as key, i.id,
    case i.kind when 'booking' then 'agent-booking' else i.kind end as source,
    i.status, trim(i.first_name || ' ' || i.last_name) as name, i.email, i.phone,
    i.property_id, i.property_name, i.check_in, i.check_out, i.guests, i.message,
    i.agent_id, coalesce(i.agent_name, nullif(trim(u.first_name || ' ' || u.last_name), '')) as agent_name,
    coalesce(i.agent_company, u.company) as agency_name,
    null::int as link_id, null::text as link_title,
    i.inquiry_type, i.budget, i.special_requests, i.search_criteria, i.created_at
  from inquiries i left join users u on u.id = i.agent_id
  union all
  select 'link-request-' || r.id, r.id, 'link-request', r.status, r.client_name, r.client_email,
    r.client_phone, r.property_id, r.property_name, r.check_in, r.check_out, r.guests, r.message,
    l.agent_id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), l.agent_name),
    coalesce(u.company, l.company_name), l.id, l.title,
    null, null, null, null, r.created_at
  from white_label_inquiries r
  join white_label_links l on l.id = r.white_label_link_id
  left join users u on u.id = l.agent_id`;

function inboxWhere(f: InboxFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.source) parts.push(sql`source = ${f.source}`);
  if (f.status) parts.push(sql`status = ${f.status}`);
  if (f.agentId) parts.push(sql`agent_id = ${f.agentId}`);
  if (f.propertyId) parts.push(sql`property_id = ${f.propertyId}`);
  // Received on or after `from`'s midnight, before the midnight after `to` (UTC days).
  if (f.from) parts.push(sql`created_at >= (${f.from}::date)::timestamp at time zone 'UTC'`);
  if (f.to) parts.push(sql`created_at < (${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

export type InboxRow = InboxItem;

/** One page of the inbox, newest first (id and key break ties: the same order on every page). */
export async function listInbox(
  db: Queryable,
  f: InboxFilters & { limit: number; offset: number },
): Promise<InboxRow[]> {
  const result = await db.execute(sql`
    select key, id, source, status, name, email, phone,
      property_id as "propertyId", property_name as "propertyName",
      to_char(check_in, 'YYYY-MM-DD') as "checkIn", to_char(check_out, 'YYYY-MM-DD') as "checkOut",
      guests, message, agent_id as "agentId", agent_name as "agentName", agency_name as "agencyName",
      link_id as "linkId", link_title as "linkTitle", inquiry_type as "inquiryType", budget,
      special_requests as "specialRequests", search_criteria as "searchCriteria",
      to_char(created_at at time zone 'UTC', ${sql.raw(UTC_ISO)}) as "createdAt"
    from (${ITEMS}) items
    where ${inboxWhere(f)}
    order by created_at desc, id desc, key
    limit ${f.limit} offset ${f.offset}`);
  return rowsOf<InboxRow>(result);
}

/** How many requests match `f`, per status. */
export async function countInbox(db: Queryable, f: InboxFilters) {
  const result = await db.execute(sql`
    select status, count(*)::int as count from (${ITEMS}) items where ${inboxWhere(f)} group by status`);
  return rowsOf<{ status: InboxStatus; count: number }>(result);
}
