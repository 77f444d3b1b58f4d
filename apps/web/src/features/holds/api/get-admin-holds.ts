import { HOLD_LIMITS, type HoldPage } from '@villas/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const ADMIN_HOLDS_KEY = queryKeys.adminHolds(HOLD_LIMITS.adminPageSize);

/**
 * GET /api/admin/holds: every agent's holds in force, newest first, a page at a time. Refetched every
 * 30 s so a hold that expired or was ended elsewhere leaves the list.
 */
export const adminHoldsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ADMIN_HOLDS_KEY,
    queryFn: ({ pageParam, signal }) =>
      api<HoldPage>(`${ADMIN_HOLDS_KEY[0]}${pageParam ? `&offset=${pageParam}` : ''}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.limit < last.total ? last.offset + last.limit : undefined,
    refetchInterval: 30_000,
  });

export const useAdminHolds = () => useInfiniteQuery(adminHoldsQueryOptions());
