import type { Location } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/locations: countries (regions) with their destinations (subregions). */
export const locationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.locations(),
    queryFn: ({ signal }) => api<Location[]>('/api/locations', { signal }),
  });

export const useLocations = () => useQuery(locationsQueryOptions());
