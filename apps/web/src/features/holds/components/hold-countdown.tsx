import { holdCountdown } from '@villas/shared';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/utils';

/** The current time, refreshed every `intervalMs` (a countdown's clock). */
export function useNow(intervalMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const UNTIL = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'July 3, 2026 at 2:05 PM' in the viewer's time zone. */
export const formatUntil = (iso: string) => UNTIL.format(new Date(iso));

/**
 * A hold's live countdown: 'Expires in 1 d 23 h', updated every 15 seconds, with the exact expiry as
 * its machine-readable time and tooltip. Not a live region: a ticking clock read aloud would drown
 * everything else.
 */
export function HoldCountdown({ expiresAt, className }: { expiresAt: string; className?: string }) {
  const now = useNow();
  const text = holdCountdown(expiresAt, now);
  const soon = new Date(expiresAt).getTime() - now.getTime() < 6 * 3_600_000;
  return (
    <time
      dateTime={expiresAt}
      title={`Until ${formatUntil(expiresAt)}`}
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium tabular-nums',
        soon ? 'text-danger' : 'text-gold-deep',
        className,
      )}
    >
      <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {text}
    </time>
  );
}
