import type { FeaturedProperty } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const featuredPropertyPath = '/api/properties/featured';

/**
 * The landing page's featured villa (public). A 404 while the catalogue is empty is an expected
 * answer, so it resolves to null instead of an error: the page then shows its gradient fallback.
 */
export const featuredPropertyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.featuredProperty(),
    queryFn: async ({ signal }) => {
      try {
        return await api<FeaturedProperty>(featuredPropertyPath, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

export const useFeaturedProperty = () => useQuery(featuredPropertyQueryOptions());
