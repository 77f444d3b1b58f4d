import { BarChart3, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { couldNotLoad } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useAdminInsight } from '../api/get-insight';
import { inquiriesSummary, viewsSummary } from '../utils/insight-summary';

// recharts is its own chunk, fetched only when an administrator opens the charts.
const InsightCharts = lazy(() => import('./insight-charts'));

/** Charts start open where there is room; on a phone they start closed so the tabs stay in reach. */
const wideScreen = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(min-width: 1024px)').matches;

/**
 * Insight below the summary cards: one line of totals for the last 90 days, and a disclosure with the
 * link-views and inquiries charts (each with its title, text summary and a data table for screen
 * readers).
 */
export function InsightPanel() {
  const { data, isPending, isError } = useAdminInsight();
  const [open, setOpen] = useState(wideScreen);
  const panelId = useId();

  return (
    <section
      aria-labelledby={`${panelId}-heading`}
      className="mt-4 rounded-[3px] border border-line bg-ivory/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h2
            id={`${panelId}-heading`}
            className="flex items-center gap-2 font-sans text-[11px] font-medium uppercase tracking-[0.16em] text-stone"
          >
            <BarChart3 className="h-3.5 w-3.5 text-gold-deep" aria-hidden />
            Insight · last 90 days
          </h2>
          <p className="mt-1 text-sm text-ink" aria-live="polite">
            {isPending
              ? 'Loading the last 90 days…'
              : isError
                ? couldNotLoad('The insight')
                : `${viewsSummary(data)} ${inquiriesSummary(data)}`}
          </p>
        </div>
        {data && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-[2px] px-2 text-xs font-medium uppercase tracking-[0.14em] text-gold-deep hover:bg-sand/70"
          >
            {open ? 'Hide charts' : 'Show charts'}
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
        )}
      </div>
      {data && open && (
        <div id={panelId} className="border-t border-line px-4 py-5 sm:px-6">
          <Suspense
            fallback={
              <div className="flex h-56 items-center justify-center">
                <Spinner label="Loading charts" />
              </div>
            }
          >
            <InsightCharts data={data} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
