import type { Property } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/properties/{id}: one villa with everything the detail dialog shows. */
export const propertyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.property(id),
    queryFn: ({ signal }) => api<Property>(queryKeys.property(id)[0], { signal }),
    staleTime: 60_000,
  });

export const useProperty = (id: number | null) =>
  useQuery({ ...propertyQueryOptions(id ?? 0), enabled: id != null });
