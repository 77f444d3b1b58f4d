import type { AdminInsight } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Link views per day and inquiries per week over the last 90 days. */
export const adminInsightQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminInsight(),
    queryFn: ({ signal }) => api<AdminInsight>(queryKeys.adminInsight()[0], { signal }),
  });
export const useAdminInsight = () => useQuery(adminInsightQueryOptions());
