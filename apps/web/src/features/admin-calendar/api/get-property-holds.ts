import type { Hold } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/holds?propertyId&status=active: the villa's holds in force (their nights show as held). */
export const propertyHoldsQueryOptions = (propertyId: number) => {
  const key = queryKeys.propertyHolds(propertyId);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api<Hold[]>(key[0], { signal }),
    refetchInterval: 30_000,
  });
};

export const usePropertyHolds = (propertyId: number) => useQuery(propertyHoldsQueryOptions(propertyId));
