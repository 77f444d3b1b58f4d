import type { QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys, scopes } from '../../../lib/query-keys';

/**
 * After a property is created, changed or deleted, everything that shows properties is refetched:
 * this tab, the catalogue and search, the admin summary cards, the destinations' property counts and
 * the property's calendar.
 */
export const invalidateProperties = (qc: QueryClient) =>
  invalidate(
    qc,
    scopes.adminProperties(),
    scopes.properties(),
    scopes.calendarPricing(),
    scopes.availability(),
    scopes.adminOverview(),
    scopes.adminInsight(),
    scopes.adminLocations(),
  );

export const icalFeedsUrl = (propertyId: number) => queryKeys.icalFeeds(propertyId)[0];
export const icalFeedUrl = (propertyId: number, feedId: number) => `${icalFeedsUrl(propertyId)}/${feedId}`;
export const icalExportUrl = (propertyId: number) => queryKeys.icalExport(propertyId)[0];

/**
 * After a feed is added, run or removed: the property's feeds, its availability (imported nights are
 * blocked or released) and the sync reports and statistics that count feed runs.
 */
export const invalidateIcalFeeds = (qc: QueryClient, propertyId: number) =>
  invalidate(
    qc,
    scopes.icalFeeds(propertyId),
    scopes.availability(propertyId),
    scopes.syncReports(),
    scopes.syncStats(),
  );
