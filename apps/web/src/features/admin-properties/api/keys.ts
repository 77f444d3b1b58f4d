import { ADMIN_PROPERTIES_PAGE_SIZE } from '@villas/shared';
import type { QueryClient } from '@tanstack/react-query';

export const PAGE_SIZE = ADMIN_PROPERTIES_PAGE_SIZE;

/** Query keys are the URLs they read (seed 000 §7); the search is part of the URL. */
export const adminPropertiesUrl = (q = '') => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('limit', String(PAGE_SIZE));
  return `/api/admin/properties?${params}`;
};
export const propertyUrl = (id: number) => `/api/properties/${id}`;
export const customPricesUrl = (id: number, startDate: string, endDate: string) =>
  `/api/calendar-pricing/${id}?${new URLSearchParams({ startDate, endDate })}`;
export const adminLocationsUrl = '/api/admin/locations';
export const adminAmenitiesUrl = '/api/admin/amenities';

/**
 * After a property is created, changed or deleted, everything that shows properties is refetched:
 * this tab, the catalogue and search, the admin summary cards, the destinations' property counts and
 * the property's calendar.
 */
export const invalidateProperties = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return (
        k.startsWith('/api/admin/properties') ||
        k.startsWith('/api/properties') ||
        k.startsWith('/api/calendar-pricing/') ||
        k.startsWith('/api/availability/') ||
        k === '/api/admin/overview' ||
        k === '/api/admin/insight' ||
        k === adminLocationsUrl
      );
    },
  });

export const icalFeedsUrl = (propertyId: number) => `/api/admin/properties/${propertyId}/ical-feeds`;
export const icalFeedUrl = (propertyId: number, feedId: number) => `${icalFeedsUrl(propertyId)}/${feedId}`;
export const icalExportUrl = (propertyId: number) => `/api/admin/properties/${propertyId}/ical-export`;

/**
 * After a feed is added, run or removed: the property's feeds, its availability (imported nights are
 * blocked or released) and the sync reports and statistics that count feed runs.
 */
export const invalidateIcalFeeds = (qc: QueryClient, propertyId: number) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return (
        k === icalFeedsUrl(propertyId) ||
        k.startsWith(`/api/availability/${propertyId}?`) ||
        k.startsWith('/api/admin/sync-')
      );
    },
  });
