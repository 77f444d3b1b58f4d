// Test data helpers for the holds tests (only imported from *.test.ts files).
import { addDays, todayIso } from '@villas/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Db } from '@villas/db/client';
import { availability, holds, whiteLabelInquiries, whiteLabelLinks } from '@villas/db/schema';

/** A stay `days` from today, `nights` long. */
export const stayIn = (days: number, nights: number) => {
  const checkIn = addDays(todayIso(), days);
  return { checkIn, checkOut: addDays(checkIn, nights) };
};

/** A booking inquiry sent through the API by the signed-in `cookie` (or anonymously). */
export async function sendBookingInquiry(
  app: App,
  p: { propertyId: number; checkIn?: string; checkOut?: string; cookie?: string; firstName?: string },
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: p.cookie ? { cookie: p.cookie } : {},
    payload: {
      firstName: p.firstName ?? 'Camille',
      lastName: 'Laurent',
      email: 'camille.laurent@example.com',
      propertyId: p.propertyId,
      checkIn: p.checkIn,
      checkOut: p.checkOut,
      guests: 2,
    },
  });
  if (res.statusCode !== 201) throw new Error(`inquiry failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** A client's booking request on a link of `agentId` (rows written directly). */
export async function linkInquiry(
  db: Db,
  p: { agentId: number; propertyId: number; checkIn?: string | null; checkOut?: string | null },
): Promise<number> {
  const [link] = await db
    .insert(whiteLabelLinks)
    .values({ uuid: crypto.randomUUID(), agentId: p.agentId, title: 'Riviera', propertyIds: [p.propertyId] })
    .returning();
  const [row] = await db
    .insert(whiteLabelInquiries)
    .values({
      whiteLabelLinkId: link!.id,
      propertyId: p.propertyId,
      clientName: 'Hugo Martin',
      clientEmail: 'hugo.martin@example.com',
      checkIn: p.checkIn ?? null,
      checkOut: p.checkOut ?? null,
    })
    .returning();
  return row!.id;
}

export const placeHold = (app: App, cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/holds', headers: { cookie }, payload });

/** The availability rows of a villa, date → {available, source}. */
export async function nightsOf(db: Db, propertyId: number) {
  const rows = await db.select().from(availability).where(eq(availability.propertyId, propertyId));
  return new Map(rows.map((r) => [r.date, { available: r.available, source: r.source, notes: r.notes }]));
}

/** Moves a hold's expiry into the past (as if its time had run out). */
export async function makeOverdue(db: Db, holdId: number): Promise<void> {
  await db
    .update(holds)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(and(eq(holds.id, holdId), eq(holds.status, 'active')));
}

/**
 * `count` active holds of `agentId` on one villa, `nights` long each and expiring in a day, written
 * directly (as if placed earlier, before a cap applied; their nights are not blocked, only the holds
 * count). Answers their ids.
 */
export async function seedActiveHolds(
  db: Db,
  p: { agentId: number; count: number; nights: number; propertyId: number },
): Promise<number[]> {
  const rows = await db
    .insert(holds)
    .values(
      Array.from({ length: p.count }, (_, i) => ({
        propertyId: p.propertyId,
        agentId: p.agentId,
        createdById: p.agentId,
        clientName: 'Earlier Client',
        ...stayIn(400 + i * 100, p.nights),
        expiresAt: new Date(Date.now() + 24 * 3_600_000),
      })),
    )
    .returning({ id: holds.id });
  return rows.map((r) => r.id);
}
