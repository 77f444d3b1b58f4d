import { HOLD_LIMITS, type HoldPage } from '@villas/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The query key is the URL it reads; the page size is part of it. */
export const ADMIN_HOLDS_URL = `/api/admin/holds?limit=${HOLD_LIMITS.adminPageSize}`;

/**
 * GET /api/admin/holds: every agent's holds in force, newest first, a page at a time. Refetched every
 * 30 s so a hold that expired or was ended elsewhere leaves the list.
 */
export const adminHoldsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [ADMIN_HOLDS_URL],
    queryFn: ({ pageParam, signal }) =>
      api<HoldPage>(`${ADMIN_HOLDS_URL}${pageParam ? `&offset=${pageParam}` : ''}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.limit < last.total ? last.offset + last.limit : undefined,
    refetchInterval: 30_000,
  });

export const useAdminHolds = () => useInfiniteQuery(adminHoldsQueryOptions());
