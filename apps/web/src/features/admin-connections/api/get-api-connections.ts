import type { ApiConnection } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every external booking-platform connection, secrets only as masked tails. */
export const apiConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.apiConnections(),
    queryFn: ({ signal }) => api<ApiConnection[]>(queryKeys.apiConnections()[0], { signal }),
  });

export const useApiConnections = () => useQuery(apiConnectionsQueryOptions());
