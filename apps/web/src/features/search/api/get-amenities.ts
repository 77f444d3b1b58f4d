import { LIMITS, type Amenity } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/amenities; the search offers only the first 15. */
export const amenitiesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.amenities(),
    queryFn: ({ signal }) => api<Amenity[]>('/api/amenities', { signal }),
  });

export const useAmenities = () => useQuery(amenitiesQueryOptions());

export const filterAmenities = (all: readonly Amenity[] | undefined) =>
  (all ?? []).slice(0, LIMITS.amenityFilter);
