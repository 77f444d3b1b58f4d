import type { AdminLocation } from '@villas/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidate, queryKeys, scopes } from '../../../lib/query-keys';

/** Regions with their subregions and property counts. */
export const adminDestinationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminLocations(),
    queryFn: ({ signal }) => api<AdminLocation[]>(queryKeys.adminLocations()[0], { signal }),
  });
export const useAdminDestinations = () => useQuery(adminDestinationsQueryOptions());

/**
 * After a destination change, every list of regions is refetched: this tab's, the public one the
 * search and property forms read, and the admin summary's destination count.
 */
export const invalidateDestinations = (qc: QueryClient) =>
  invalidate(qc, scopes.adminLocations(), scopes.locations(), scopes.adminOverview());
