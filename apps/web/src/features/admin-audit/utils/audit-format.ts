import type { AuditEntry } from '@villas/shared';

/** What an action did, in words (the server's action names are `<thing>.<verb>`). */
const ACTION_LABELS: Record<string, string> = {
  'user.approve': 'Approved user',
  'user.role': 'Changed user role',
  'user.update': 'Edited user',
  'user.delete': 'Deleted user',
  'property.create': 'Added property',
  'property.update': 'Edited property',
  'property.delete': 'Deleted property',
  'pricing.set': 'Changed price',
  'pricing.bulk': 'Changed prices',
  'availability.set': 'Changed availability',
  'availability.bulk': 'Changed availability of several dates',
  'connection.create': 'Added API connection',
  'connection.update': 'Edited API connection',
  'connection.delete': 'Deleted API connection',
  'connection.sync': 'Started connection sync',
  'ical-feed.add': 'Added calendar feed',
  'ical-feed.remove': 'Removed calendar feed',
  'ical-feed.run': 'Ran calendar feed',
  'ical-export.rotate': 'Renewed calendar export link',
  'region.create': 'Added region',
  'region.delete': 'Deleted region',
  'destination.create': 'Added destination',
  'destination.delete': 'Deleted destination',
  'inquiry.status': 'Changed inquiry status',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

const TARGET_LABELS: Record<string, string> = {
  user: 'User',
  property: 'Property',
  connection: 'API connection',
  'ical-feed': 'Calendar feed',
  region: 'Region',
  destination: 'Destination',
  inquiry: 'Inquiry',
};

/** 'Property #12', 'User #5 (ana@example.com)', 'Destination Greece/Mykonos'; null when none. */
export function targetLabel(e: Pick<AuditEntry, 'targetType' | 'targetId' | 'summary'>): string | null {
  if (!e.targetType && !e.targetId) return null;
  const type = e.targetType ? (TARGET_LABELS[e.targetType] ?? e.targetType) : '';
  const id = e.targetId ? (/^\d+$/.test(e.targetId) ? `#${e.targetId}` : e.targetId) : '';
  const email = typeof e.summary.targetEmail === 'string' ? ` (${e.summary.targetEmail})` : '';
  return `${type} ${id}`.trim() + email;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The time in the reader's own time zone, e.g. 'Jun 5, 2026, 10:00 AM'. */
export const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** A summary value as text: strings as they are, anything else as JSON. */
export const formatValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
