import { cardAmenities, plural } from '@villas/shared';
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
        {plural(bedrooms, 'bedroom')}
      </li>
      <li className="flex items-center gap-1.5">
        <Users className="h-4 w-4" aria-hidden />
        Up to {plural(maxGuests, 'guest')}
      </li>
      <li className="flex items-center gap-1.5">
        <Home className="h-4 w-4" aria-hidden />
        {type}
      </li>
    </ul>
  );
}

/** The card's amenity badges: the first 3 (cut at 15 characters) and a '+N more' badge. */
export function AmenityBadges({ names }: { names: readonly string[] }) {
  const { shown, more } = cardAmenities(names);
  if (!shown.length) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Amenities">
      {shown.map((a, i) => (
        <li key={`${a}-${i}`} className="rounded-full bg-sand px-2.5 py-1 text-[11px] text-ink">
          {a}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full border border-line px-2.5 py-1 text-[11px] text-stone">+{more} more</li>
      )}
    </ul>
  );
}
