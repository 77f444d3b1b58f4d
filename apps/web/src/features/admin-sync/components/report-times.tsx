import type { SyncReportSummary } from '@villas/shared';
import { formatDateTime, formatDuration } from '../utils/sync-format';

/** Elapsed so far while running (the server measures it at each answer), else the run's length. */
export function Duration({ report }: { report: SyncReportSummary }) {
  if (report.duration == null) return <span className="text-stone">Not recorded</span>;
  return (
    <>
      {formatDuration(report.duration)}
      {report.status === 'running' && <span className="text-stone"> so far</span>}
    </>
  );
}

export function Started({ report }: { report: SyncReportSummary }) {
  return report.startTime ? (
    <time dateTime={report.startTime}>{formatDateTime(report.startTime)}</time>
  ) : (
    <span className="text-stone">Not started</span>
  );
}
