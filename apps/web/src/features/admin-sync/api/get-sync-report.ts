import type { SyncReport } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SYNC_RUNNING_REFETCH_MS } from './keys';

/** One report with its per-property changes and errors. */
export const syncReportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.syncReport(id),
    queryFn: ({ signal }) => api<SyncReport>(queryKeys.syncReport(id)[0], { signal }),
    // A finished report never changes; a running one is followed until it ends.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_RUNNING_REFETCH_MS : false),
  });

/** GET /api/admin/sync-reports/{id}. */
export const useSyncReport = (id: number) => useQuery(syncReportQueryOptions(id));
