import { pluralWord } from '@villas/shared';
import type { SyncReportSummary } from '@villas/shared';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { useSyncReport } from '../api/get-sync-report';
import {
  formatCount,
  formatDateTime,
  humanize,
  jobSubject,
  jobTypeLabel,
  triggerLabel,
} from '../utils/sync-format';
import { Duration, Started } from './report-times';
import { SyncStatusBadge } from './sync-status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,9.5rem)_minmax(0,1fr)] gap-3 border-b border-line py-2.5">
      <dt className="text-[11px] font-medium uppercase tracking-[0.12em] text-stone">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function Summary({ report: r }: { report: SyncReportSummary }) {
  const subject = jobSubject(r);
  return (
    <dl className="border-t border-line">
      <Row label="Status">
        <SyncStatusBadge status={r.status} />
      </Row>
      <Row label="Job type">{jobTypeLabel(r)}</Row>
      {subject && <Row label={r.connectionName ? 'Connection' : 'Feed'}>{subject}</Row>}
      <Row label="Trigger">{triggerLabel(r.trigger)}</Row>
      <Row label="Started">
        <Started report={r} />
      </Row>
      <Row label="Completed">
        {r.completedAt ? (
          <time dateTime={r.completedAt}>{formatDateTime(r.completedAt)}</time>
        ) : (
          <span className="text-stone">{r.status === 'running' ? 'Still running' : 'Not recorded'}</span>
        )}
      </Row>
      <Row label="Duration">
        <Duration report={r} />
      </Row>
      <Row label="Properties processed">{formatCount(r.propertiesProcessed)}</Row>
      <Row label="Changes detected">{formatCount(r.changesDetected)}</Row>
      <Row label="New images">{formatCount(r.newImagesCount)}</Row>
      <Row label="Calendar updates">{formatCount(r.calendarUpdates)}</Row>
      <Row label="Errors">
        <span className={r.errorCount > 0 ? 'font-semibold text-danger' : undefined}>
          {formatCount(r.errorCount)}
        </span>
      </Row>
    </dl>
  );
}

function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h4 id={id} className="mt-7 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-ink">
      {children}
    </h4>
  );
}

/**
 * One report: every summary field, the failure when the run failed, then its
 * per-property changes and its errors. A side panel on wide screens; on phones it takes the list's
 * place. Focus moves to its heading when it opens; Close (or Escape) hands focus back to the row.
 */
export function SyncReportPanel({
  id,
  summary,
  onClose,
  panelId,
}: {
  id: number;
  /** The row from the list, shown while the full report loads. */
  summary: SyncReportSummary | undefined;
  onClose: () => void;
  panelId: string;
}) {
  const query = useSyncReport(id);
  const report = query.data ?? summary;
  const headingId = useId();
  const changesId = useId();
  const errorsId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [id]);

  // Before the list's row arrives the panel shows its spinner; a failure offers to read it again.
  const failure = (
    <QueryState
      pending={!report && query.isPending}
      error={query.isError}
      onRetry={query.refetch}
      retrying={query.isFetching}
      loadingLabel="Loading the sync report"
      loadingClassName="py-12"
      errorText="Failed to load the sync report"
      errorCause={query.error}
      errorRole="alert"
      errorClassName="mt-6 rounded-[3px] border border-line bg-ivory px-4 py-5 text-sm text-stone"
    />
  );

  return (
    <section
      id={panelId}
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="rounded-[3px] border border-line bg-paper p-5 shadow-soft sm:p-6 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7.5rem)] lg:overflow-y-auto"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">Sync report #{id}</p>
          <h3
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="mt-1.5 break-words text-2xl leading-tight sm:text-3xl"
          >
            {report ? jobTypeLabel(report) : 'Sync report'}
          </h3>
        </div>
        <Button size="sm" variant="ghost" onClick={onClose} className="-mr-2 -mt-1">
          <X className="h-3.5 w-3.5" aria-hidden />
          Close details
        </Button>
      </div>

      {report && (
        <div className="mt-5">
          <Summary report={report} />
        </div>
      )}

      {report?.errorMessage && (
        <div className="mt-5 border-l-2 border-danger/70 bg-[#f6e1e1]/40 px-4 py-3">
          <p className="text-[11px] font-semibold uppercase tracking-[0.12em] text-danger">
            {report.status === 'failed' ? 'Why it failed' : 'Message'}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-ink">{report.errorMessage}</p>
        </div>
      )}

      {failure}

      {query.data ? (
        <>
          <SubHeading id={changesId}>
            Property changes ({formatCount(query.data.propertyChanges.length)})
          </SubHeading>
          {query.data.propertyChanges.length ? (
            <ul aria-labelledby={changesId} className="mt-3 divide-y divide-line border-y border-line">
              {query.data.propertyChanges.map((c, i) => (
                <li key={`${c.propertyId ?? c.propertyName}-${i}`} className="py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 break-words text-sm font-medium text-ink">
                      {c.propertyName || 'Unnamed property'}
                    </span>
                    <Badge tone="gold">{humanize(c.changeType)}</Badge>
                  </div>
                  {c.changeDescription && (
                    <p className="mt-1 break-words text-sm text-stone">{c.changeDescription}</p>
                  )}
                  {c.newImageCount > 0 && (
                    <p className="mt-1 flex items-center gap-1.5 text-xs text-ink">
                      <ImagePlus className="h-3.5 w-3.5 text-gold-deep" aria-hidden />
                      {formatCount(c.newImageCount)} new {pluralWord(c.newImageCount, 'image')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-stone">No changes</p>
          )}

          <SubHeading id={errorsId}>Errors ({formatCount(query.data.errors.length)})</SubHeading>
          {query.data.errors.length ? (
            <ul aria-labelledby={errorsId} className="mt-3 divide-y divide-line border-y border-line">
              {query.data.errors.map((e, i) => (
                <li key={i} className="py-3">
                  {e.propertyName && <p className="text-sm font-medium text-ink">{e.propertyName}</p>}
                  <p className="break-words text-sm text-danger">{e.message}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-stone">No errors</p>
          )}
        </>
      ) : (
        report &&
        query.isPending && (
          <div className="flex justify-center py-8">
            <Spinner label="Loading changes and errors" />
          </div>
        )
      )}
    </section>
  );
}
