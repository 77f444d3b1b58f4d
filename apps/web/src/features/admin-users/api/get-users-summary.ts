import type { AdminUsersSummary } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Counts of all, active and pending accounts (matching `q` when given). */
export const adminUsersSummaryQueryOptions = (q = '') =>
  queryOptions({
    queryKey: queryKeys.adminUsersSummary(q),
    queryFn: ({ signal }) => api<AdminUsersSummary>(queryKeys.adminUsersSummary(q)[0], { signal }),
  });

export const useAdminUsersSummary = (q = '') =>
  useQuery({ ...adminUsersSummaryQueryOptions(q), placeholderData: keepPreviousData });
