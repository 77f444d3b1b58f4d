import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '@villas/db/client';
import { properties, stayRules } from '@villas/db/schema';

export type StayRuleRow = typeof stayRules.$inferSelect;

export interface RuleValues {
  startDate: string;
  endDate: string;
  minNights: number | null;
  checkInDays: number[] | null;
}

/**
 * Locks the property's row for the rest of the transaction, so its rules have one writer at a time
 * (`no key update`: inserts elsewhere that reference the property are not held up). False when missing.
 */
export async function lockProperty(db: Queryable, propertyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('no key update');
  return rows.length > 0;
}

export { propertyExists } from '../../db/property-exists';

/** A property's rules that end on or after `from`, by period. */
export function listRules(db: Queryable, p: { propertyId: number; from: string }): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(stayRules)
    .where(and(eq(stayRules.propertyId, p.propertyId), gte(stayRules.endDate, p.from)))
    .orderBy(asc(stayRules.startDate));
}

/** The rules ending on or after `from` of each of these properties, by property and period. */
export function listRulesOf(
  db: Queryable,
  p: { propertyIds: number[]; from: string },
): Promise<StayRuleRow[]> {
  if (!p.propertyIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(stayRules)
    .where(and(inArray(stayRules.propertyId, p.propertyIds), gte(stayRules.endDate, p.from)))
    .orderBy(asc(stayRules.propertyId), asc(stayRules.startDate));
}

/**
 * The rule of a property whose period contains `date`, if any: the rule overlapping that one day
 * (periods of one property do not overlap; were two to, the earlier-starting one).
 */
export function ruleOn(db: Queryable, p: { propertyId: number; date: string }) {
  return overlapping(db, { propertyId: p.propertyId, startDate: p.date, endDate: p.date });
}

export async function findRule(db: Queryable, id: number): Promise<StayRuleRow | undefined> {
  const [row] = await db.select().from(stayRules).where(eq(stayRules.id, id)).limit(1);
  return row;
}

/** The first rule of the property (another than `exceptId`) whose period shares a day with [start, end]. */
export async function overlapping(
  db: Queryable,
  p: { propertyId: number; startDate: string; endDate: string; exceptId?: number },
): Promise<StayRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(stayRules)
    .where(
      and(
        eq(stayRules.propertyId, p.propertyId),
        lte(stayRules.startDate, p.endDate),
        gte(stayRules.endDate, p.startDate),
        p.exceptId != null ? ne(stayRules.id, p.exceptId) : undefined,
      ),
    )
    .orderBy(asc(stayRules.startDate))
    .limit(1);
  return row;
}

export async function insertRule(
  db: Queryable,
  p: RuleValues & { propertyId: number; source: string | null },
): Promise<StayRuleRow> {
  const [row] = await db.insert(stayRules).values(p).returning();
  return row!;
}

export async function insertRules(
  db: Queryable,
  rows: Array<RuleValues & { propertyId: number; source: string | null }>,
): Promise<void> {
  if (rows.length) await db.insert(stayRules).values(rows);
}

/** An edit: the rule becomes the administrator's (an edited provider rule is no longer replaced by syncs). */
export async function updateRule(
  db: Queryable,
  id: number,
  values: RuleValues,
): Promise<StayRuleRow | undefined> {
  const [row] = await db
    .update(stayRules)
    .set({ ...values, source: null, updatedAt: sql`now()` })
    .where(eq(stayRules.id, id))
    .returning();
  return row;
}

export async function deleteRule(db: Queryable, id: number): Promise<StayRuleRow | undefined> {
  const [row] = await db.delete(stayRules).where(eq(stayRules.id, id)).returning();
  return row;
}

/** The rules of one source of a property (a provider's), every period. */
export function sourceRules(
  db: Queryable,
  p: { propertyId: number; source: string },
): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(stayRules)
    .where(and(eq(stayRules.propertyId, p.propertyId), eq(stayRules.source, p.source)))
    .orderBy(asc(stayRules.startDate));
}

/** The administrator's rules of a property (source null) ending on or after `from`. */
export function manualRules(db: Queryable, p: { propertyId: number; from: string }): Promise<StayRuleRow[]> {
  return db
    .select()
    .from(stayRules)
    .where(
      and(eq(stayRules.propertyId, p.propertyId), isNull(stayRules.source), gte(stayRules.endDate, p.from)),
    )
    .orderBy(asc(stayRules.startDate));
}

export async function deleteSourceRules(
  db: Queryable,
  p: { propertyId: number; source: string },
): Promise<void> {
  await db
    .delete(stayRules)
    .where(
      and(
        eq(stayRules.propertyId, p.propertyId),
        isNotNull(stayRules.source),
        eq(stayRules.source, p.source),
      ),
    );
}
