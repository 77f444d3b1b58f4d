import { describe, expect, it } from 'vitest';
import { formatDuration, humanize, jobSubject, jobTypeLabel, statusInfo, triggerLabel } from './sync-format';

describe('sync report labels', () => {
  it('names every job type the server records, and any other readably', () => {
    expect(jobTypeLabel({ jobType: 'comprehensive', feedId: null })).toBe('Comprehensive sync');
    expect(jobTypeLabel({ jobType: 'invenio-sync', feedId: null })).toBe('Invenio connection sync');
    expect(jobTypeLabel({ jobType: 'booking-sync', feedId: null })).toBe('Booking.com connection sync');
    expect(jobTypeLabel({ jobType: 'ical-import', feedId: 7 })).toBe('iCal feed import');
    expect(jobTypeLabel({ jobType: 'ical-import', feedId: null })).toBe('iCal import, all feeds');
    expect(jobTypeLabel({ jobType: 'price_refresh', feedId: null })).toBe('Price refresh');
    expect(jobTypeLabel({ jobType: 'acme-sync', feedId: null })).toBe('Acme sync');
  });

  it('names the connection or the feed a run worked on', () => {
    expect(jobSubject({ connectionName: 'Invenio Villas', feedId: null })).toBe('Invenio Villas');
    expect(jobSubject({ connectionName: null, feedId: 4 })).toBe('Calendar feed #4');
    expect(jobSubject({ connectionName: null, feedId: null })).toBeNull();
  });

  it('labels triggers and statuses, an unknown status neutrally by its own name', () => {
    expect(triggerLabel('manual')).toBe('Manual');
    expect(triggerLabel('schedule')).toBe('Scheduled');
    expect(triggerLabel('api')).toBe('Test panel');
    expect(triggerLabel('webhook')).toBe('Webhook');
    expect(statusInfo('running')).toEqual({ label: 'Running', tone: 'blue', known: true });
    expect(statusInfo('failed').tone).toBe('danger');
    expect(statusInfo('cancelled')).toEqual({ label: 'Cancelled', tone: 'neutral', known: false });
    expect(humanize('')).toBe('Unknown');
  });

  it('shows durations in seconds, ms / 1000 rounded', () => {
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(12_500)).toBe('13 s');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(3_723_000)).toBe('3,723 s');
  });
});
