import type { AdminUsersSummary } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUsersSummaryUrl } from './keys';

/** Counts of all, active and pending accounts (matching `q` when given). */
export const adminUsersSummaryQueryOptions = (q = '') =>
  queryOptions({
    queryKey: [adminUsersSummaryUrl(q)],
    queryFn: ({ signal }) => api<AdminUsersSummary>(adminUsersSummaryUrl(q), { signal }),
  });

export const useAdminUsersSummary = (q = '') =>
  useQuery({ ...adminUsersSummaryQueryOptions(q), placeholderData: keepPreviousData });
