import type { AdminLocation, Amenity } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/locations: regions with their subregions, for the Location tab. */
export const adminLocationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminLocations(),
    queryFn: ({ signal }) => api<AdminLocation[]>(queryKeys.adminLocations()[0], { signal }),
  });
export const useAdminLocations = () => useQuery(adminLocationsQueryOptions());

/** GET /api/admin/amenities: the amenity catalogue with each name's category. */
export const adminAmenitiesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminAmenities(),
    queryFn: ({ signal }) => api<Amenity[]>(queryKeys.adminAmenities()[0], { signal }),
  });
export const useAdminAmenities = () => useQuery(adminAmenitiesQueryOptions());
