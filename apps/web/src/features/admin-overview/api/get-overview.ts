import type { AdminOverview } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys are the URLs they read (seed 000 §7). */
export const adminOverviewKey = ['/api/admin/overview'] as const;

/** The summary cards' figures (seed 001 §2: properties, available now, average price, destinations). */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminOverviewKey,
    queryFn: ({ signal }) => api<AdminOverview>(adminOverviewKey[0], { signal }),
  });
export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
