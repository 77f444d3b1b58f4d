import { and, asc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { icalExportTokens, icalFeeds, properties, whiteLabelInquiries } from '@villas/db/schema';

export type FeedRow = typeof icalFeeds.$inferSelect;
export type FeedWithProperty = FeedRow & { propertyName: string };

export async function listFeeds(db: Queryable, propertyId: number): Promise<FeedRow[]> {
  return db.select().from(icalFeeds).where(eq(icalFeeds.propertyId, propertyId)).orderBy(asc(icalFeeds.id));
}

export async function findFeed(db: Queryable, params: { propertyId: number; feedId: number }) {
  const [row] = await db
    .select()
    .from(icalFeeds)
    .where(and(eq(icalFeeds.id, params.feedId), eq(icalFeeds.propertyId, params.propertyId)));
  return row;
}

export async function insertFeed(db: Queryable, values: typeof icalFeeds.$inferInsert): Promise<FeedRow> {
  const [row] = await db.insert(icalFeeds).values(values).returning();
  return row!;
}

export async function deleteFeed(db: Queryable, id: number): Promise<void> {
  await db.delete(icalFeeds).where(eq(icalFeeds.id, id));
}

/** Feeds to run, with their property's name: all, one connection's, the unmanaged ones, or by id. */
export async function listFeedsForRun(
  db: Queryable,
  filter: { connectionId?: number; unmanaged?: boolean; ids?: number[] } = {},
): Promise<FeedWithProperty[]> {
  const where = and(
    filter.connectionId !== undefined ? eq(icalFeeds.connectionId, filter.connectionId) : undefined,
    filter.unmanaged ? sql`${icalFeeds.connectionId} is null` : undefined,
    filter.ids ? inArray(icalFeeds.id, filter.ids.length ? filter.ids : [-1]) : undefined,
  );
  const rows = await db
    .select({ feed: icalFeeds, propertyName: properties.name })
    .from(icalFeeds)
    .innerJoin(properties, eq(properties.id, icalFeeds.propertyId))
    .where(where)
    .orderBy(asc(icalFeeds.id));
  return rows.map((r) => ({ ...r.feed, propertyName: r.propertyName }));
}

/** The other feeds of a property and the nights they block (a night two feeds block stays blocked). */
export async function otherFeedNights(db: Queryable, params: { propertyId: number; exceptFeedId: number }) {
  return db
    .select({ id: icalFeeds.id, blockedDates: icalFeeds.blockedDates })
    .from(icalFeeds)
    .where(and(eq(icalFeeds.propertyId, params.propertyId), ne(icalFeeds.id, params.exceptFeedId)));
}

export async function updateFeed(db: Queryable, id: number, values: Partial<typeof icalFeeds.$inferInsert>) {
  await db.update(icalFeeds).set(values).where(eq(icalFeeds.id, id));
}

/** The feed a provider sync keeps for a villa's calendar URL (created or re-labelled). */
export async function upsertConnectionFeed(
  db: Queryable,
  values: { propertyId: number; connectionId: number | null; url: string; label: string },
): Promise<FeedRow> {
  const [row] = await db
    .insert(icalFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: [icalFeeds.propertyId, icalFeeds.url],
      set: { connectionId: sql`excluded.connection_id`, label: sql`excluded.label` },
    })
    .returning();
  return row!;
}

/** Feeds a connection created for a property (to drop those whose URL the provider changed). */
export async function connectionFeedsOf(db: Queryable, params: { propertyId: number; connectionId: number }) {
  return db
    .select()
    .from(icalFeeds)
    .where(and(eq(icalFeeds.propertyId, params.propertyId), eq(icalFeeds.connectionId, params.connectionId)));
}

export async function findToken(db: Queryable, propertyId: number) {
  const [row] = await db.select().from(icalExportTokens).where(eq(icalExportTokens.propertyId, propertyId));
  return row;
}

export async function upsertToken(
  db: Queryable,
  params: { propertyId: number; token: string; replace: boolean },
) {
  const insert = db.insert(icalExportTokens).values({ propertyId: params.propertyId, token: params.token });
  const rows = params.replace
    ? await insert
        .onConflictDoUpdate({
          target: icalExportTokens.propertyId,
          set: { token: params.token, createdAt: sql`now()` },
        })
        .returning()
    : await insert.onConflictDoNothing({ target: icalExportTokens.propertyId }).returning();
  return rows[0] ?? (await findToken(db, params.propertyId))!;
}

export async function findPropertyByToken(db: Queryable, token: string) {
  const [row] = await db
    .select({ id: properties.id, name: properties.name })
    .from(icalExportTokens)
    .innerJoin(properties, eq(properties.id, icalExportTokens.propertyId))
    .where(eq(icalExportTokens.token, token));
  return row;
}

/** Accepted client requests (converted white-label inquiries) with dates, from `from` on. */
export async function acceptedRequests(db: Queryable, params: { propertyId: number; from: string }) {
  return db
    .select({
      id: whiteLabelInquiries.id,
      checkIn: whiteLabelInquiries.checkIn,
      checkOut: whiteLabelInquiries.checkOut,
    })
    .from(whiteLabelInquiries)
    .where(
      and(
        eq(whiteLabelInquiries.propertyId, params.propertyId),
        eq(whiteLabelInquiries.status, 'converted'),
        isNotNull(whiteLabelInquiries.checkIn),
        isNotNull(whiteLabelInquiries.checkOut),
        gte(whiteLabelInquiries.checkOut, params.from),
      ),
    )
    .orderBy(asc(whiteLabelInquiries.checkIn));
}
