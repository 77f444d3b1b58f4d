import {
  SYNC_REPORTS_REFETCH_MS,
  type SyncReportSummary,
  type SyncStats,
  type SyncStatus,
} from '@villas/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys, scopes } from '../../../lib/query-keys';

export { SYNC_REPORTS_PAGE_SIZE } from '../../../lib/query-keys';

/**
 * While a run is running, the list, the statistics and that run's report are refetched this often,
 * so its counters and elapsed time move; otherwise every SYNC_REPORTS_REFETCH_MS (30 s).
 * The server writes a run's counters at most every 0.5 s, so 2.5 s shows real progress without
 * hammering it.
 */
export const SYNC_RUNNING_REFETCH_MS = 2_500;

/** The list's status filter: every report, or one status of the API's SYNC_STATUSES. */
export type SyncFilter = 'all' | SyncStatus;

const isRunning = (r: Pick<SyncReportSummary, 'status'>) => r.status === 'running';

/**
 * The refetch interval the list and the statistics share: fast while the statistics count a
 * running run or the list on screen shows one, else every 30 s. Read from the cache so both
 * queries agree whichever of them saw the run first.
 */
export function syncRefetchInterval(qc: QueryClient, filter: SyncFilter): number {
  const stats = qc.getQueryData<SyncStats>(queryKeys.syncStats());
  const list = qc.getQueryData<InfiniteData<SyncReportSummary[]>>(queryKeys.syncReports(filter));
  const running = (stats?.running ?? 0) > 0 || !!list?.pages.some((p) => p.some(isRunning));
  return running ? SYNC_RUNNING_REFETCH_MS : SYNC_REPORTS_REFETCH_MS;
}

/** After a sync is triggered every report list, report and the statistics are refetched. */
export const invalidateSync = (qc: QueryClient) => invalidate(qc, scopes.syncReports(), scopes.syncStats());
