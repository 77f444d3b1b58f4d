import type { SyncStats } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SYNC_STATS_URL } from './keys';

/** Live statistics of the Sync monitoring tab: running now, the last 24 h and the sources. */
export const syncStatsQueryOptions = () =>
  queryOptions({
    queryKey: [SYNC_STATS_URL],
    queryFn: ({ signal }) => api<SyncStats>(SYNC_STATS_URL, { signal }),
    staleTime: 0,
  });

/** GET /api/admin/sync-stats, polled with the list (same interval). */
export const useSyncStats = (refetchInterval: () => number) =>
  useQuery({ ...syncStatsQueryOptions(), refetchInterval });
