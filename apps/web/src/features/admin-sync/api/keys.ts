import {
  SYNC_REPORTS_REFETCH_MS,
  type SyncReportSummary,
  type SyncStats,
  type SyncStatus,
} from '@villas/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** One page of the Recent sync jobs list. */
export const SYNC_REPORTS_PAGE_SIZE = 20;

/**
 * While a run is running, the list, the statistics and that run's report are refetched this often,
 * so its counters and elapsed time move; otherwise every SYNC_REPORTS_REFETCH_MS (30 s, seed 001 §9).
 * The server writes a run's counters at most every 0.5 s, so 2.5 s shows real progress without
 * hammering it.
 */
export const SYNC_RUNNING_REFETCH_MS = 2_500;

/** The list's status filter: every report, or one status of the API's SYNC_STATUSES. */
export type SyncFilter = 'all' | SyncStatus;

const REPORTS_PATH = '/api/admin/sync-reports';
export const SYNC_STATS_URL = '/api/admin/sync-stats';

/** Query keys are the URLs they read (seed 000 §7); the status and page size are part of the URL. */
export const syncReportsUrl = (filter: SyncFilter) => {
  const params = new URLSearchParams({ limit: String(SYNC_REPORTS_PAGE_SIZE) });
  if (filter !== 'all') params.set('status', filter);
  return `${REPORTS_PATH}?${params}`;
};
export const syncReportUrl = (id: number) => `${REPORTS_PATH}/${id}`;

const isRunning = (r: Pick<SyncReportSummary, 'status'>) => r.status === 'running';

/**
 * The refetch interval the list and the statistics share: fast while the statistics count a
 * running run or the list on screen shows one, else every 30 s. Read from the cache so both
 * queries agree whichever of them saw the run first.
 */
export function syncRefetchInterval(qc: QueryClient, listUrl: string): number {
  const stats = qc.getQueryData<SyncStats>([SYNC_STATS_URL]);
  const list = qc.getQueryData<InfiniteData<SyncReportSummary[]>>([listUrl]);
  const running = (stats?.running ?? 0) > 0 || !!list?.pages.some((p) => p.some(isRunning));
  return running ? SYNC_RUNNING_REFETCH_MS : SYNC_REPORTS_REFETCH_MS;
}

/** After a sync is triggered every report list, report and the statistics are refetched. */
export const invalidateSync = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return k.startsWith(REPORTS_PATH) || k === SYNC_STATS_URL;
    },
  });
