import type { QueryClient } from '@tanstack/react-query';

/** Query keys are the URLs they read (seed 000 §7). */
export const availabilityUrl = (propertyId: number, startDate: string, endDate: string) =>
  `/api/availability/${propertyId}?${new URLSearchParams({ startDate, endDate })}`;
export const calendarPricingUrl = (propertyId: number, startDate: string, endDate: string) =>
  `/api/calendar-pricing/${propertyId}?${new URLSearchParams({ startDate, endDate })}`;

/**
 * After a price or availability write: this property's calendar reads (every window), and every list
 * that shows properties (the admin tab, the catalogue and the summary cards read per-date data too).
 * Keys that are absent are simply not matched.
 */
export const invalidateAfterCalendarWrite = (qc: QueryClient, propertyId: number) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return (
        k.startsWith(`/api/availability/${propertyId}?`) ||
        k.startsWith(`/api/calendar-pricing/${propertyId}?`) ||
        k.startsWith('/api/admin/properties') ||
        k.startsWith('/api/properties') ||
        k === '/api/admin/overview' ||
        k.startsWith('admin-properties') ||
        k === 'properties'
      );
    },
  });
