import { Badge } from '../../../components/ui/badge';
import type { LinkStatus } from '../utils/link-status';

const TONES = { Active: 'green', Expired: 'yellow', Inactive: 'gray' } as const;

export function StatusBadge({ status }: { status: LinkStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
