const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** 'just now', '5 min ago', '2 h ago', '3 d ago'; past a week the date and time. */
export function sinceText(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return dateTime.format(new Date(iso));
}

/** The date and time in full ('July 1, 2026 at 10:00 AM'): the title of a `sinceText`. */
export const fullDateTime = (iso: string) => dateTime.format(new Date(iso));
