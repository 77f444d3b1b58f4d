import type { Property } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/properties (signed in): the catalogue the link form picks from. */
export const propertyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/properties'],
    queryFn: ({ signal }) => api<Property[]>('/api/properties', { signal }),
  });
export const usePropertyOptions = (enabled = true) => useQuery({ ...propertyOptionsQueryOptions(), enabled });
