import type { Hold } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/holds?propertyId&status=active: the villa's holds in force (their nights show as held). */
export const propertyHoldsQueryOptions = (propertyId: number) => {
  const url = `/api/holds?propertyId=${propertyId}&status=active`;
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api<Hold[]>(url, { signal }),
    refetchInterval: 30_000,
  });
};

export const usePropertyHolds = (propertyId: number) => useQuery(propertyHoldsQueryOptions(propertyId));
