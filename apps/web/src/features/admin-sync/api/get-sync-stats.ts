import type { SyncStats } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Live statistics of the Sync monitoring tab: running now, the last 24 h and the sources. */
export const syncStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.syncStats(),
    queryFn: ({ signal }) => api<SyncStats>(queryKeys.syncStats()[0], { signal }),
    staleTime: 0,
  });

/** GET /api/admin/sync-stats, polled with the list (same interval). */
export const useSyncStats = (refetchInterval: () => number) =>
  useQuery({ ...syncStatsQueryOptions(), refetchInterval });
