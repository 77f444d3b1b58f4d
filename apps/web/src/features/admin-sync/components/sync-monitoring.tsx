import { SYNC_REPORTS_REFETCH_MS } from '@villas/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Play, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { flattenReports, useSyncReports } from '../api/get-sync-reports';
import { useSyncStats } from '../api/get-sync-stats';
import { SYNC_RUNNING_REFETCH_MS, syncRefetchInterval, type SyncFilter } from '../api/keys';
import { useTriggerComprehensiveSync } from '../api/trigger-comprehensive-sync';
import { formatClock } from '../utils/sync-format';
import { SyncReportList } from './sync-report-list';
import { SyncReportPanel } from './sync-report-panel';
import { SyncStatsPanel } from './sync-stats';

const FILTERS: Array<{ value: SyncFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

/**
 * The Sync Monitoring tab: live statistics, the recent sync jobs (refetched every
 * 30 s, every 2.5 s while one runs so its progress shows), a detail panel per report, and Run
 * Comprehensive Sync.
 */
export function SyncMonitoring() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<SyncFilter>('all');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const buttonId = (id: number) => `${baseId}-report-${id}`;

  // The list and the statistics share one interval, so the figures move with the list.
  const refetchInterval = () => syncRefetchInterval(qc, filter);
  const stats = useSyncStats(refetchInterval);
  const list = useSyncReports(filter, refetchInterval);
  const reports = flattenReports(list.data?.pages);
  const live = (stats.data?.running ?? 0) > 0 || reports.some((r) => r.status === 'running');
  const updatedAt = Math.max(list.dataUpdatedAt, stats.dataUpdatedAt);

  const trigger = useTriggerComprehensiveSync();
  const runSync = () =>
    trigger.mutate(undefined, {
      onSuccess: (started) =>
        notify.success('Sync Triggered', `Comprehensive sync #${started.reportId} is running.`),
      onError: (err) => notify.error('Sync Failed', errorMessage(err, 'Failed to trigger sync')),
    });

  const refresh = () => {
    void stats.refetch();
    void list.refetch();
  };

  const close = () => {
    const id = selectedId;
    // Commit first: on phones the list is hidden while a report is open and must be back to take focus.
    flushSync(() => setSelectedId(null));
    if (id != null) document.getElementById(buttonId(id))?.focus();
  };

  return (
    <div>
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="text-3xl sm:text-4xl">Sync Monitoring</h2>
          <p className="mt-2 max-w-xl text-sm text-stone">
            Every run of a connection sync, a calendar feed import or a comprehensive sync, with what it
            changed and what went wrong.
          </p>
        </div>
        <Button onClick={runSync} disabled={trigger.isPending} className="w-full sm:w-auto">
          <Play className="h-4 w-4" aria-hidden />
          {trigger.isPending ? 'Starting...' : 'Run Comprehensive Sync'}
        </Button>
      </div>

      <section aria-labelledby={`${baseId}-stats`} className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h3 id={`${baseId}-stats`} className="text-2xl">
            Live statistics
          </h3>
          <div className="flex items-center gap-2 text-xs text-stone">
            <span>
              {updatedAt ? `Updated ${formatClock(updatedAt)} · ` : ''}
              {live
                ? `refreshing every ${SYNC_RUNNING_REFETCH_MS / 1000} s while a sync runs`
                : `refreshing every ${SYNC_REPORTS_REFETCH_MS / 1000} s`}
            </span>
            <Button
              size="sm"
              variant="ghost"
              onClick={refresh}
              disabled={list.isFetching || stats.isFetching}
              className="px-2.5"
            >
              <RefreshCw
                className={cn(
                  'h-3.5 w-3.5',
                  (list.isFetching || stats.isFetching) && 'animate-spin motion-reduce:animate-none',
                )}
                aria-hidden
              />
              Refresh
            </Button>
          </div>
        </div>
        <div className="mt-4">
          <SyncStatsPanel query={stats} />
        </div>
      </section>

      <div
        className={cn(
          'mt-10',
          selectedId != null &&
            'lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start lg:gap-6',
        )}
      >
        {/* On phones an open report takes the list's place; Close brings the list back. */}
        <section aria-labelledby={`${baseId}-list`} className={cn(selectedId != null && 'max-lg:hidden')}>
          <h3 id={`${baseId}-list`} className="text-2xl">
            Recent sync jobs
          </h3>
          <Tabs value={filter} onValueChange={(v) => setFilter(v as SyncFilter)} className="mt-4">
            <TabsList>
              {FILTERS.map((f) => (
                <TabsTrigger key={f.value} value={f.value}>
                  {f.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {FILTERS.map((f) => (
              <TabsContent key={f.value} value={f.value} className="pt-5 focus-visible:outline-offset-4">
                <SyncReportList
                  filter={f.value}
                  reports={reports}
                  isPending={list.isPending}
                  isError={list.isError}
                  onRetry={() => list.refetch()}
                  isRetrying={list.isFetching}
                  hasMore={!!list.hasNextPage}
                  onShowMore={() => list.fetchNextPage()}
                  isLoadingMore={list.isFetchingNextPage}
                  selectedId={selectedId}
                  onSelect={(id) => setSelectedId(id === selectedId ? null : id)}
                  buttonId={buttonId}
                  panelId={panelId}
                />
              </TabsContent>
            ))}
          </Tabs>
        </section>
        {selectedId != null && (
          <SyncReportPanel
            key={selectedId}
            id={selectedId}
            summary={reports.find((r) => r.id === selectedId)}
            onClose={close}
            panelId={panelId}
          />
        )}
      </div>
    </div>
  );
}
