import type { AdminLocation, Amenity } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminAmenitiesUrl, adminLocationsUrl } from './keys';

/** GET /api/admin/locations: regions with their subregions, for the Location tab. */
export const adminLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [adminLocationsUrl],
    queryFn: ({ signal }) => api<AdminLocation[]>(adminLocationsUrl, { signal }),
  });
export const useAdminLocations = () => useQuery(adminLocationsQueryOptions());

/** GET /api/admin/amenities: the amenity catalogue with each name's category. */
export const adminAmenitiesQueryOptions = () =>
  queryOptions({
    queryKey: [adminAmenitiesUrl],
    queryFn: ({ signal }) => api<Amenity[]>(adminAmenitiesUrl, { signal }),
  });
export const useAdminAmenities = () => useQuery(adminAmenitiesQueryOptions());
