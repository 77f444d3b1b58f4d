import type { SyncStats } from '@villas/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Activity,
  AlertTriangle,
  CalendarSync,
  CheckCircle2,
  Clock,
  GitCompareArrows,
  Home,
  PlugZap,
  XCircle,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { cn } from '../../../lib/utils';
import { formatCount, formatDateTime } from '../utils/sync-format';

function Stat({
  icon,
  label,
  value,
  note,
  alert,
  small,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  note?: ReactNode;
  /** Draws the eye (the label and note already say what is wrong; colour is not the message). */
  alert?: boolean;
  small?: boolean;
}) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-[3px] border bg-paper px-4 py-3.5 sm:px-5',
        alert ? 'border-danger/40' : 'border-line',
      )}
    >
      <dt className="flex items-start gap-1.5 text-[11px] font-medium uppercase leading-4 tracking-[0.12em] text-stone">
        <span className={cn('mt-px', alert ? 'text-danger' : 'text-gold-deep')} aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd
        className={cn(
          'mt-1.5 font-display font-medium leading-tight tabular-nums',
          small ? 'text-xl' : 'text-3xl leading-none',
          alert ? 'text-danger' : 'text-ink',
        )}
      >
        {value}
      </dd>
      {note && <dd className="mt-1 text-xs leading-snug text-stone">{note}</dd>}
    </div>
  );
}

const icon = 'h-3.5 w-3.5';

function Group({ title, children, className }: { title: string; children: ReactNode; className: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="eyebrow">
        {title}
      </h4>
      <dl className={cn('mt-3 grid gap-3', className)}>{children}</dl>
    </section>
  );
}

/**
 * Live statistics: runs in progress, the last completed run, connections, synced
 * properties and iCal feeds; then the last 24 hours' completed and failed runs, changes and errors.
 */
export function SyncStatsPanel({ query }: { query: UseQueryResult<SyncStats> }) {
  const { data, isPending, isError, refetch, isFetching } = query;

  if (isPending || isError)
    return (
      <QueryState
        pending={isPending}
        error={isError}
        loading={
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy="true">
            <span className="sr-only">Loading sync statistics</span>
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="rounded-[3px] border border-line bg-paper px-5 py-4" aria-hidden>
                <div className="h-3 w-20 animate-pulse rounded bg-sand" />
                <div className="mt-3 h-7 w-12 animate-pulse rounded bg-sand" />
              </div>
            ))}
          </div>
        }
        onRetry={refetch}
        retrying={isFetching}
        errorText="Failed to load sync statistics."
        errorLayout="row"
        errorClassName="flex flex-wrap items-center gap-4 rounded-[3px] border border-line bg-paper px-5 py-4 text-sm text-stone"
      />
    );

  const s = data;
  return (
    <div className="space-y-6">
      <Group title="Right now" className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5">
        <Stat
          icon={<Activity className={icon} />}
          label="Running now"
          value={formatCount(s.running)}
          note={s.running ? 'In progress' : 'Nothing running'}
        />
        <Stat
          icon={<Clock className={icon} />}
          label="Last completed"
          small
          value={
            s.lastCompletedAt ? (
              <time dateTime={s.lastCompletedAt}>{formatDateTime(s.lastCompletedAt)}</time>
            ) : (
              'Never'
            )
          }
        />
        <Stat
          icon={<PlugZap className={icon} />}
          label="Connections"
          value={`${formatCount(s.connections.enabled)} / ${formatCount(s.connections.total)}`}
          note="Enabled / total"
        />
        <Stat
          icon={<Home className={icon} />}
          label="Synced properties"
          value={formatCount(s.syncedProperties)}
          note="From connections"
        />
        <Stat
          icon={<CalendarSync className={icon} />}
          label="iCal feeds"
          value={formatCount(s.icalFeeds.total)}
          note={`${formatCount(s.icalFeeds.failing)} failing`}
          alert={s.icalFeeds.failing > 0}
        />
      </Group>
      <Group title="Last 24 hours" className="grid-cols-2 sm:grid-cols-4">
        <Stat
          icon={<CheckCircle2 className={icon} />}
          label="Completed"
          value={formatCount(s.last24h.completed)}
        />
        <Stat
          icon={<XCircle className={icon} />}
          label="Failed"
          value={formatCount(s.last24h.failed)}
          alert={s.last24h.failed > 0}
        />
        <Stat
          icon={<GitCompareArrows className={icon} />}
          label="Changes"
          value={formatCount(s.last24h.changes)}
        />
        <Stat
          icon={<AlertTriangle className={icon} />}
          label="Errors"
          value={formatCount(s.last24h.errors)}
          alert={s.last24h.errors > 0}
        />
      </Group>
    </div>
  );
}
