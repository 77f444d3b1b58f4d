import type { SyncReportSummary } from '@villas/shared';
import { History } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ListEmpty } from '../../../components/ui/list-empty';
import { QueryState, StaleNotice } from '../../../components/ui/query-state';
import { ShowMoreButton } from '../../../components/ui/show-more';
import { cn } from '../../../lib/utils';
import type { SyncFilter } from '../api/keys';
import { formatCount, jobSubject, jobTypeLabel, triggerLabel } from '../utils/sync-format';
import { Duration, Started } from './report-times';
import { SyncStatusBadge } from './sync-status-badge';

function Fact({ label, children, alert }: { label: string; children: ReactNode; alert?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] uppercase tracking-[0.12em] text-stone">{label}</dt>
      <dd className={cn('mt-0.5 text-sm tabular-nums', alert ? 'font-semibold text-danger' : 'text-ink')}>
        {children}
      </dd>
    </div>
  );
}

function ReportRow({
  report: r,
  selected,
  onSelect,
  buttonId,
  panelId,
}: {
  report: SyncReportSummary;
  selected: boolean;
  onSelect: () => void;
  buttonId: string;
  panelId: string;
}) {
  const headingId = useId();
  const label = jobTypeLabel(r);
  const subject = jobSubject(r);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          '@container rounded-[3px] border bg-paper p-4 shadow-soft transition-colors sm:p-5',
          selected ? 'border-gold-deep ring-1 ring-gold-deep' : 'border-line',
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <SyncStatusBadge status={r.status} />
              <span className="text-xs text-stone">#{r.id}</span>
            </div>
            <h4 id={headingId} className="mt-2 break-words text-xl leading-tight sm:text-2xl">
              {label}
            </h4>
            {subject && <p className="mt-0.5 break-words text-sm text-stone">{subject}</p>}
          </div>
          <Button
            id={buttonId}
            size="sm"
            variant={selected ? 'primary' : 'outline'}
            onClick={onSelect}
            aria-expanded={selected}
            aria-controls={selected ? panelId : undefined}
          >
            Details <span className="sr-only">{`of ${label} #${r.id}`}</span>
          </Button>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-line pt-4 @lg:grid-cols-4 @4xl:grid-cols-8">
          <Fact label="Trigger">{triggerLabel(r.trigger)}</Fact>
          <Fact label="Started">
            <Started report={r} />
          </Fact>
          <Fact label="Duration">
            <Duration report={r} />
          </Fact>
          <Fact label="Processed">{formatCount(r.propertiesProcessed)}</Fact>
          <Fact label="Changes">{formatCount(r.changesDetected)}</Fact>
          <Fact label="New images">{formatCount(r.newImagesCount)}</Fact>
          <Fact label="Calendar updates">{formatCount(r.calendarUpdates)}</Fact>
          <Fact label="Errors" alert={r.errorCount > 0}>
            {formatCount(r.errorCount)}
          </Fact>
        </dl>
        {r.errorMessage && (
          <p className="mt-3 line-clamp-2 break-words border-l-2 border-danger/60 pl-3 text-sm text-ink">
            <span className="font-medium">Failure: </span>
            {r.errorMessage}
          </p>
        )}
      </article>
    </li>
  );
}

const EMPTY: Record<SyncFilter, { title: string; text: string }> = {
  all: {
    title: 'No sync reports yet',
    text: 'Syncs appear here after a connection syncs or a calendar feed runs, on schedule or by hand. Run a comprehensive sync to start one now.',
  },
  running: { title: 'No sync is running', text: 'Runs in progress appear here as they make progress.' },
  completed: { title: 'No completed syncs', text: 'Runs that finish appear here.' },
  failed: { title: 'No failed syncs', text: 'Runs that fail appear here with their cause.' },
};

/** The Recent sync jobs list: loading, error with retry, empty, rows and Show more. */
export function SyncReportList({
  filter,
  reports,
  isPending,
  isError,
  onRetry,
  isRetrying,
  hasMore,
  onShowMore,
  isLoadingMore,
  selectedId,
  onSelect,
  buttonId,
  panelId,
}: {
  filter: SyncFilter;
  reports: SyncReportSummary[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  isRetrying: boolean;
  hasMore: boolean;
  onShowMore: () => void;
  isLoadingMore: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The id of a row's Details button, where focus returns when its panel closes. */
  buttonId: (id: number) => string;
  panelId: string;
}) {
  return (
    <QueryState
      pending={isPending}
      error={isError && reports.length === 0}
      onRetry={onRetry}
      retrying={isRetrying}
      loadingLabel="Loading sync reports"
      errorText="Failed to load sync reports."
      errorRole="alert"
      isEmpty={reports.length === 0}
      empty={
        <ListEmpty icon={History} title={EMPTY[filter].title}>
          {EMPTY[filter].text}
        </ListEmpty>
      }
    >
      <div>
        {isError && (
          <StaleNotice onRetry={onRetry} retrying={isRetrying}>
            Failed to load sync reports; showing the last ones received.
          </StaleNotice>
        )}
        <ul className="space-y-3" aria-label="Sync jobs">
          {reports.map((r) => (
            <ReportRow
              key={r.id}
              report={r}
              selected={r.id === selectedId}
              onSelect={() => onSelect(r.id)}
              buttonId={buttonId(r.id)}
              panelId={panelId}
            />
          ))}
        </ul>
        {hasMore && (
          <div className="mt-6 flex justify-center">
            <ShowMoreButton onClick={onShowMore} loading={isLoadingMore} />
          </div>
        )}
      </div>
    </QueryState>
  );
}
