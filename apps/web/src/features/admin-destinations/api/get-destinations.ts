import type { AdminLocation } from '@villas/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys are the URLs they read (seed 000 §7). */
export const adminDestinationsKey = ['/api/admin/locations'] as const;

/** Regions with their subregions and property counts (seed 001 §7). */
export const adminDestinationsQueryOptions = () =>
  queryOptions({
    queryKey: adminDestinationsKey,
    queryFn: ({ signal }) => api<AdminLocation[]>(adminDestinationsKey[0], { signal }),
  });
export const useAdminDestinations = () => useQuery(adminDestinationsQueryOptions());

/**
 * After a destination change, every list of regions is refetched: this tab's, the public one the
 * search and property forms read, and the admin summary's destination count.
 */
export const invalidateDestinations = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return k === adminDestinationsKey[0] || k === '/api/locations' || k === '/api/admin/overview';
    },
  });
