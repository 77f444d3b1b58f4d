import type { SyncReportSummary } from '@villas/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { SYNC_REPORTS_PAGE_SIZE, type SyncFilter } from './keys';

/** The most recent reports first, optionally of one status, a page (limit/offset) at a time. */
export const syncReportsQueryOptions = (filter: SyncFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.syncReports(filter),
    queryFn: ({ pageParam, signal }) =>
      api<SyncReportSummary[]>(
        `${queryKeys.syncReports(filter)[0]}${pageParam ? `&offset=${pageParam}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < SYNC_REPORTS_PAGE_SIZE ? undefined : pages.length * SYNC_REPORTS_PAGE_SIZE,
    // A monitoring screen: coming back to the tab shows fresh runs, not the cache.
    staleTime: 0,
  });

/** GET /api/admin/sync-reports, polled every `refetchInterval()` ms. */
export const useSyncReports = (filter: SyncFilter, refetchInterval: () => number) =>
  useInfiniteQuery({ ...syncReportsQueryOptions(filter), refetchInterval });

/**
 * The pages as one list. Offsets shift when a new run starts between two pages, so a report can
 * come twice: the first (newest) copy wins.
 */
export function flattenReports(pages: SyncReportSummary[][] | undefined): SyncReportSummary[] {
  const seen = new Set<number>();
  const out: SyncReportSummary[] = [];
  for (const r of pages?.flat() ?? []) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    out.push(r);
  }
  return out;
}
