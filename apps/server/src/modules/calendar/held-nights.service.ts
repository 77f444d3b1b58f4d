import type { Queryable } from '@villas/db/client';
import * as repo from './calendar.repository';

/*
 * The nights a hold blocks, written by the calendar, which owns the availability table,
 * inside the holds service's transaction. Apart from calendar.service (which expires overdue holds
 * through the holds service before an administrator's write), so the holds module can call it
 * without an import cycle.
 */

/**
 * Blocks the nights for the hold, in date order; a night already blocked, imported or held is not
 * taken, and of holds racing for a night exactly one gets it. Answers the nights taken.
 */
export const blockHeldNights = (
  tx: Queryable,
  p: { propertyId: number; holdId: number; nights: string[] },
): Promise<string[]> => repo.blockHeldNights(tx, p);

/**
 * Frees a hold's nights (its own rows only): rows it created go, hand-set available nights with
 * notes come back as they were. Answers the nights freed.
 */
export const freeHeldNights = (tx: Queryable, p: { propertyId: number; holdId: number }): Promise<string[]> =>
  repo.freeHeldNights(tx, p);

/** Nights an iCal feed still lists go back to that feed when a hold gives them up (unless taken meanwhile). */
export const handNightsToFeeds = (
  tx: Queryable,
  p: { propertyId: number; nights: Array<{ date: string; source: string }> },
): Promise<void> => repo.handNightsToFeeds(tx, p);

/** A confirmed hold's nights become hand-set blocked nights with a note. Answers how many. */
export const confirmHeldNights = (
  tx: Queryable,
  p: { propertyId: number; holdId: number; notes: string },
): Promise<number> => repo.confirmHeldNights(tx, p);
