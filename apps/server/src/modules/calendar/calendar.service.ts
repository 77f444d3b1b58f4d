import { eachNight, formatNightRuns, HOLD_MESSAGES, nightsBetween, type Currency } from '@villas/shared';
import type { Db, Queryable } from '@villas/db/client';
import { pgErrorCode } from '@villas/db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { num } from '../../lib/time';
import * as repo from './calendar.repository';

/**
 * Frees a villa's holds past their expiry (and their nights) before an administrator's
 * availability write, so those nights count as free. The holds module answers it; the composition
 * root (modules/index.ts) hands it to the calendar's routes, so the calendar never imports holds.
 */
export type FreeExpiredHolds = (db: Db, propertyId: number) => Promise<unknown>;

/** The widest window a calendar read or a single bulk range may cover (about two years). */
export const MAX_WINDOW_DAYS = 731;

export interface PricingRecord {
  id: number;
  date: string;
  price: number;
  currency: Currency;
}
export interface AvailabilityRecord {
  id: number;
  date: string;
  available: boolean;
  notes: string | null;
}

const notFound = () => new NotFoundError('Property not found');

const toPricing = (r: { id: number; date: string; price: string; currency: string }): PricingRecord => ({
  id: r.id,
  date: r.date,
  price: num(r.price)!,
  currency: r.currency as Currency,
});
const toAvailability = (r: { id: number; date: string; available: boolean; notes: string | null }) => ({
  id: r.id,
  date: r.date,
  available: r.available,
  notes: r.notes,
});

async function ensureProperty(db: Queryable, propertyId: number) {
  if (!(await repo.propertyExists(db, propertyId))) throw notFound();
}

/** A write racing a property delete hits the FK: the property is gone, so 404. */
async function orNotFound<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === '23503') throw notFound();
    throw err;
  }
}

function checkWindow(startDate: string, endDate: string, what = 'Choose a date window') {
  if (nightsBetween(startDate, endDate) > MAX_WINDOW_DAYS) {
    throw new ValidationError(`${what} of at most 2 years`);
  }
}

/** Creates or replaces the nightly price of one date. */
export async function setPrice(
  db: Db,
  input: { propertyId: number; date: string; price: number; currency: Currency },
): Promise<PricingRecord> {
  await ensureProperty(db, input.propertyId);
  const [row] = await orNotFound(() => repo.upsertPrices(db, input.propertyId, [input]));
  return toPricing(row!);
}

/** Creates or replaces the availability of one date (a held night is refused: 409). */
export async function setAvailability(
  db: Db,
  input: { propertyId: number; date: string; available: boolean; notes?: string | null },
  freeExpiredHolds: FreeExpiredHolds,
): Promise<AvailabilityRecord> {
  await ensureProperty(db, input.propertyId);
  const [row] = await writeAvailability(db, input.propertyId, freeExpiredHolds, {
    dates: [input.date],
    available: input.available,
    notes: input.notes || null,
  });
  return toAvailability(row!);
}

/**
 * The administrator's availability write, all or nothing: a night held for an agent is
 * never overwritten, and any held night among `dates` refuses the whole write with 409 naming them.
 * Holds of the villa past their expiry are freed first, so their nights count as free.
 */
async function writeAvailability(
  db: Db,
  propertyId: number,
  freeExpiredHolds: FreeExpiredHolds,
  params: { dates: string[]; available: boolean; notes: string | null },
) {
  await freeExpiredHolds(db, propertyId);
  return orNotFound(() =>
    db.transaction(async (tx) => {
      const rows = await repo.upsertAvailability(tx, propertyId, params);
      if (rows.length < params.dates.length) {
        const written = new Set(rows.map((r) => r.date));
        const held = params.dates.filter((d) => !written.has(d));
        throw new ConflictError(HOLD_MESSAGES.heldNights(formatNightRuns(held)));
      }
      return rows;
    }),
  );
}

/**
 * Date-range pricing: the nights [from, to) of each range, in one transaction and one statement per
 * range. Later ranges win where ranges overlap. Answers the number of distinct nights written.
 */
export async function setPriceRanges(
  db: Db,
  input: {
    propertyId: number;
    ranges: Array<{ from: string; to: string; price: number; currency: Currency }>;
  },
): Promise<{ count: number }> {
  const nights = new Set<string>();
  for (const r of input.ranges) {
    if (r.to <= r.from) throw new ValidationError('The end date must be after the start date');
    checkWindow(r.from, r.to, 'Choose a date range');
    for (const night of eachNight(r.from, r.to)) nights.add(night);
  }
  await db.transaction(async (tx) => {
    await ensureProperty(tx, input.propertyId);
    for (const r of input.ranges) {
      await orNotFound(() => repo.upsertPriceRange(tx, { propertyId: input.propertyId, ...r }));
    }
  });
  return { count: nights.size };
}

/** The same availability (and notes) for a list of dates, in one statement. */
export async function setAvailabilityDates(
  db: Db,
  input: { propertyId: number; dates: string[]; available: boolean; notes?: string | null },
  freeExpiredHolds: FreeExpiredHolds,
): Promise<{ count: number }> {
  const dates = [...new Set(input.dates)].sort();
  await ensureProperty(db, input.propertyId);
  await writeAvailability(db, input.propertyId, freeExpiredHolds, {
    dates,
    available: input.available,
    notes: input.notes || null,
  });
  return { count: dates.length };
}

/**
 * The admin form's removed custom prices, inside its transaction: the nights go back to the base
 * price. Answers how many were removed.
 */
export const removeCustomPrices = (tx: Queryable, propertyId: number, dates: string[]): Promise<number> =>
  repo.deleteCustomPrices(tx, propertyId, dates);

/** The admin form's custom prices (date → price in the property's currency), inside its transaction. */
export async function setCustomPrices(
  tx: Queryable,
  propertyId: number,
  prices: Record<string, number>,
  currency: Currency,
): Promise<void> {
  const entries = Object.entries(prices).map(([date, price]) => ({ date, price, currency }));
  await repo.upsertPrices(tx, propertyId, entries);
}

type Window = { propertyId: number; startDate: string; endDate: string };

/** Availability rows of the window [startDate, endDate], by date. Dates without a row inherit. */
export async function getAvailability(db: Db, q: Window): Promise<AvailabilityRecord[]> {
  checkWindow(q.startDate, q.endDate);
  await ensureProperty(db, q.propertyId);
  return (await repo.listAvailability(db, q)).map(toAvailability);
}

/** Per-date prices of the window [startDate, endDate], by date. Dates without a row use the base price. */
export async function getPrices(db: Db, q: Window): Promise<PricingRecord[]> {
  checkWindow(q.startDate, q.endDate);
  await ensureProperty(db, q.propertyId);
  return (await repo.listPrices(db, q)).map(toPricing);
}

/**
 * iCal import (modules/integrations/ical): makes the nights of one import source exactly `nights`. New nights are
 * blocked with the source (hand-set blocked nights are left alone); nights the source no longer
 * lists are released, or handed over to another source that still lists them. Answers the nights
 * changed either way.
 */
export async function replaceImportedNights(
  db: Queryable,
  input: {
    propertyId: number;
    source: string;
    nights: Map<string, string | null>;
    /** night → another source of the same property that still blocks it. */
    alsoBlockedBy?: Map<string, string>;
    /** Only nights from this date on are compared (past nights are history, left as they are). */
    from?: string;
  },
): Promise<{ blocked: number; released: number }> {
  const from = input.from ?? '0000-01-01';
  const current = new Set((await repo.listSourceNights(db, input)).filter((d) => d >= from));
  const add = [...input.nights].filter(([d]) => !current.has(d)).map(([date, note]) => ({ date, note }));
  const gone = [...current].filter((d) => !input.nights.has(d));
  const blocked = await repo.blockImportedNights(db, { ...input, nights: add });
  const released = await repo.releaseImportedNights(db, {
    ...input,
    dates: gone,
    handOver: input.alsoBlockedBy,
  });
  return { blocked, released };
}

/** Nights blocked by hand from `from` on (never imported ones): the iCal export publishes these. */
export const listManualBlockedNights = (db: Queryable, input: { propertyId: number; from: string }) =>
  repo.listManualBlockedNights(db, input);

/** Per-date prices of a window as a map date → {price, currency} (provider syncs compare first). */
export async function priceMap(
  db: Queryable,
  q: Window,
): Promise<Map<string, { price: number; currency: string }>> {
  checkWindow(q.startDate, q.endDate);
  const rows = await repo.listPrices(db, q);
  return new Map(rows.map((r) => [r.date, { price: num(r.price)!, currency: r.currency }]));
}
