import { desc, eq } from 'drizzle-orm';
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
