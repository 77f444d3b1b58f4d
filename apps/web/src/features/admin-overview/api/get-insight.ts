import type { AdminInsight } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminInsightKey = ['/api/admin/insight'] as const;

/** Link views per day and inquiries per week over the last 90 days. */
export const adminInsightQueryOptions = () =>
  queryOptions({
    queryKey: adminInsightKey,
    queryFn: ({ signal }) => api<AdminInsight>(adminInsightKey[0], { signal }),
  });
export const useAdminInsight = () => useQuery(adminInsightQueryOptions());
