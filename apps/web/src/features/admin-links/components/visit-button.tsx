import type { AdminWhiteLabelLink } from '@villas/shared';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** 'Visit': the client's page of the link, in a new tab; `compact` on a card, full size in its details. */
export function VisitButton({
  link,
  compact,
}: {
  link: Pick<AdminWhiteLabelLink, 'uuid' | 'title'>;
  compact?: boolean;
}) {
  return (
    <Button size={compact ? 'sm' : 'md'} variant={compact ? 'ghost' : 'primary'} asChild>
      <a href={paths.whiteLabel(link.uuid)} target="_blank" rel="noopener noreferrer">
        <ExternalLink className={compact ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden />
        Visit
        <span className="sr-only"> {link.title} (opens in a new tab)</span>
      </a>
    </Button>
  );
}
