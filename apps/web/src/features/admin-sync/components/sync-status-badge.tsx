import { Badge } from '../../../components/ui/badge';
import { statusInfo } from '../utils/sync-format';

/** Running, Completed or Failed in words (never colour alone); any other status neutrally. */
export function SyncStatusBadge({ status }: { status: string }) {
  const s = statusInfo(status);
  return (
    <Badge tone={s.tone} className="gap-1.5">
      {status === 'running' && (
        <span
          className="h-1.5 w-1.5 animate-pulse rounded-full bg-current motion-reduce:animate-none"
          aria-hidden
        />
      )}
      {s.label}
    </Badge>
  );
}
