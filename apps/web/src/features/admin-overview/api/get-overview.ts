import type { AdminOverview } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The summary cards' figures (properties, available now, median price, destinations). */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminOverview(),
    queryFn: ({ signal }) => api<AdminOverview>(queryKeys.adminOverview()[0], { signal }),
  });
export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
