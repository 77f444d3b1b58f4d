import { PROVIDERS, type Provider, type SyncReportSummary } from '@villas/shared';

/** 'ical-import' → 'Ical import': a readable fallback for values the screen does not know. */
export function humanize(value: string): string {
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

const PROVIDER_NAMES: Record<Provider, string> = {
  invenio: 'Invenio',
  airbnb: 'Airbnb',
  vrbo: 'Vrbo',
  booking: 'Booking.com',
  expedia: 'Expedia',
  custom: 'Custom API',
};
const isProvider = (v: string): v is Provider => (PROVIDERS as readonly string[]).includes(v);

/**
 * The job types the server records: '<provider>-sync' for a connection's sync (and the Invenio
 * test panel's), 'ical-import' for one feed or all feeds, and 'comprehensive'.
 */
export function jobTypeLabel(report: Pick<SyncReportSummary, 'jobType' | 'feedId'>): string {
  const { jobType } = report;
  if (jobType === 'comprehensive') return 'Comprehensive sync';
  if (jobType === 'ical-import') return report.feedId != null ? 'iCal feed import' : 'iCal import, all feeds';
  const provider = /^(.+)-sync$/.exec(jobType)?.[1];
  if (provider && isProvider(provider)) return `${PROVIDER_NAMES[provider]} connection sync`;
  return humanize(jobType);
}

/** What the run worked on, when it was one connection or one feed. */
export function jobSubject(report: Pick<SyncReportSummary, 'connectionName' | 'feedId'>): string | null {
  if (report.connectionName) return report.connectionName;
  if (report.feedId != null) return `Calendar feed #${report.feedId}`;
  return null;
}

const TRIGGERS: Record<string, string> = { manual: 'Manual', schedule: 'Scheduled', api: 'Test panel' };
export const triggerLabel = (trigger: string) => TRIGGERS[trigger] ?? humanize(trigger);

export type StatusTone = 'blue' | 'success' | 'danger' | 'neutral';

/** Running, completed, failed; any other value is shown neutrally, by its own name. */
export function statusInfo(status: string): { label: string; tone: StatusTone; known: boolean } {
  switch (status) {
    case 'running':
      return { label: 'Running', tone: 'blue', known: true };
    case 'completed':
      return { label: 'Completed', tone: 'success', known: true };
    case 'failed':
      return { label: 'Failed', tone: 'danger', known: true };
    default:
      return { label: humanize(status), tone: 'neutral', known: false };
  }
}

const count = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => count.format(n);

/** Duration in seconds, ms / 1000 rounded. */
export const formatDuration = (ms: number) => `${count.format(Math.round(ms / 1000))} s`;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** 'Jun 5, 2026, 10:04 AM' in the viewer's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
/** '10:04:12 AM', for when the figures were last fetched. */
export const formatClock = (ms: number) => clock.format(new Date(ms));
