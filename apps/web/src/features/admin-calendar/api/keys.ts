import type { QueryClient } from '@tanstack/react-query';
import { invalidate, scopes } from '../../../lib/query-keys';

/**
 * After a price or availability write: this property's calendar reads (every window), and every list
 * that shows properties or prices them per date: the admin tab, the catalogue, the summary cards and
 * the client prices an agent's link form previews. Keys that are absent are simply not matched.
 */
export const invalidateAfterCalendarWrite = (qc: QueryClient, propertyId: number) =>
  invalidate(
    qc,
    scopes.availability(propertyId),
    scopes.calendarPricing(propertyId),
    scopes.adminProperties(),
    scopes.properties(),
    scopes.adminOverview(),
    scopes.pricePreview(),
  );
