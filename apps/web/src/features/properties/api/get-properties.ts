import type { Property } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/properties: the whole catalogue the dashboard shows before any search. */
export const propertiesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/properties'],
    queryFn: ({ signal }) => api<Property[]>('/api/properties', { signal }),
  });

export const useProperties = () => useQuery(propertiesQueryOptions());
