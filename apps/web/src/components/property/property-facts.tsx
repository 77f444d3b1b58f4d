import { BedDouble, Home, Users } from 'lucide-react';
import { cn } from '../../lib/utils';

/** Bedrooms, guests and type as one quiet line of icons: the agent's card and the client's card. */
export function PropertyFacts({
  bedrooms,
  maxGuests,
  type,
  className,
}: {
  bedrooms: number;
  maxGuests: number;
  type: string;
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-stone', className)}>
      <li className="flex items-center gap-1.5">
        <BedDouble className="h-4 w-4" aria-hidden />
        {bedrooms} {bedrooms === 1 ? 'bedroom' : 'bedrooms'}
      </li>
      <li className="flex items-center gap-1.5">
        <Users className="h-4 w-4" aria-hidden />
        Up to {maxGuests} {maxGuests === 1 ? 'guest' : 'guests'}
      </li>
      <li className="flex items-center gap-1.5">
        <Home className="h-4 w-4" aria-hidden />
        {type}
      </li>
    </ul>
  );
}
