import type { Queryable } from '@villas/db/client';
import * as repo from './ical.repository';

/*
 * Which iCal feed blocks which night. Apart from ical.service (which imports from the calendar and
 * properties modules), so the holds module can ask it without an import cycle.
 */

/** The `source` of the nights a feed blocks in the availability table. */
export const sourceOf = (feedId: number) => `ical:${feedId}`;

/**
 * Every night the property's other feeds (all but `feed.id`) listed at their last run, with the
 * source of the first feed listing it: nights a feed gives up are handed to these.
 */
export async function handOverMap(
  db: Queryable,
  feed: Pick<repo.FeedRow, 'id' | 'propertyId'>,
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const other of await repo.otherFeedNights(db, {
    propertyId: feed.propertyId,
    exceptFeedId: feed.id,
  })) {
    for (const d of other.blockedDates) if (!map.has(d)) map.set(d, sourceOf(other.id));
  }
  return map;
}

/**
 * Every night a property's iCal feeds listed at their last run, with the source of the first feed
 * listing it: a hold that gives nights up hands these back to their feed at once (an import skips
 * held nights).
 */
export const feedBlockedNights = (db: Queryable, propertyId: number): Promise<Map<string, string>> =>
  handOverMap(db, { id: 0, propertyId });
