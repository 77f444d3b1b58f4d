import { LIMITS, PROPERTY_TYPE_LABELS, truncateDescription, type Property } from '@villas/shared';
import { MapPin } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ImageCarousel } from '../../../components/gallery/image-carousel';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { useDisplayMoney } from '../../../lib/display-currency';
import { IMAGE_SIZES } from '../../../lib/images';
import { cn } from '../../../lib/utils';
import { priceLines } from '../utils/price';
import { AmenityBadges, PropertyFacts } from '../../../components/property/property-facts';
import { detailsButtonId } from './booking-sent';

/**
 * What a card shows: a search page's card (an `excerpt`, no long description) or a whole property.
 */
export type CardProperty = Omit<Property, 'description'> & { excerpt?: string; description?: string };

export interface PropertyCardProps {
  property: CardProperty;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** Opens the detail dialog (card click or the 'View details' button). */
  onOpen: () => void;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * The dashboard's villa card: up to 5 images, Available/Reserved, select checkbox,
 * weekly price or 'Price on Request' (plus the stay total on a dated search, alone when the stay is
 * a week) in the agent's display
 * currency with the villa's own figure as a note, description cut at 180 characters, bedrooms, guests,
 * type, and 3 amenities cut at 15 characters with '+N more'.
 */
export function PropertyCard({ property: p, selected, onSelectedChange, onOpen }: PropertyCardProps) {
  const display = useDisplayMoney();
  // The week, and the stay's total under it on a dated search (one line when the stay is a week).
  const { main: price, stay, weekly } = priceLines(p, display);
  const type = PROPERTY_TYPE_LABELS[p.propertyType] ?? 'Villa';
  const place = [p.subregion, p.region].filter(Boolean).join(', ') || p.location;

  return (
    <article
      onClick={onOpen}
      aria-labelledby={`property-${p.id}-name`}
      className={cn(
        'group flex cursor-pointer flex-col overflow-hidden rounded-[3px] bg-paper shadow-soft ring-1 ring-line/70 transition duration-300 hover:-translate-y-0.5 hover:shadow-lift',
        selected && 'ring-2 ring-gold-deep',
      )}
    >
      <div className="relative">
        <ImageCarousel images={p.images.slice(0, LIMITS.cardImages)} alt={p.name} sizes={IMAGE_SIZES.card} />
        <span
          className={cn(
            'absolute left-3 top-3 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-[11px] font-medium uppercase tracking-[0.12em] shadow-sm',
            p.available ? 'bg-paper/95 text-success' : 'bg-ink/85 text-white',
          )}
        >
          <span
            className={cn('h-1.5 w-1.5 rounded-full', p.available ? 'bg-success' : 'bg-white/80')}
            aria-hidden
          />
          {p.available ? 'Available' : 'Reserved'}
        </span>
        <label
          onClick={stop}
          className={cn(
            'absolute right-3 top-3 inline-flex h-8 cursor-pointer items-center gap-2 rounded-full pl-2 pr-3 text-[11px] font-medium uppercase tracking-[0.12em] shadow-sm transition-colors',
            selected ? 'bg-ink text-ivory' : 'bg-paper/95 text-ink hover:bg-paper',
          )}
        >
          <Checkbox
            checked={selected}
            onCheckedChange={onSelectedChange}
            aria-label={`Select ${p.name}`}
            className={cn('h-4 w-4 rounded-full', selected && 'border-ivory')}
          />
          <span aria-hidden>{selected ? 'Selected' : 'Select'}</span>
        </label>
      </div>

      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <p className="flex items-center gap-1.5 text-[11px] font-medium uppercase tracking-[0.18em] text-gold-deep">
          <MapPin className="h-3.5 w-3.5" aria-hidden />
          {place}
        </p>
        <h3 id={`property-${p.id}-name`} className="mt-2 text-[26px] leading-tight text-ink">
          {p.name}
        </h3>

        <PropertyFacts bedrooms={p.bedrooms} maxGuests={p.maxGuests} type={type} className="mt-3" />

        <p className="mt-4 text-sm leading-relaxed text-stone">
          {p.excerpt ?? truncateDescription(p.description ?? '')}
        </p>

        <AmenityBadges names={p.amenities} />

        <div className="mt-auto pt-5">
          <div className="flex items-end justify-between gap-3 border-t border-line/70 pt-4">
            <div className="min-w-0">
              <p
                className={cn(
                  'font-display text-2xl leading-none text-ink lining-nums',
                  // 'Price on Request', and a week's stay ('€141,750 for 7 nights'), a size down to fit.
                  (price.onRequest || price !== weekly) && 'text-xl',
                )}
              >
                {price.text}
              </p>
              {price.note && <p className="mt-1 text-[11px] leading-snug text-stone">{price.note}</p>}
              {stay && <p className="mt-1.5 text-xs text-ink/80">{stay.text}</p>}
              {stay?.note && <p className="mt-0.5 text-[11px] leading-snug text-stone">{stay.note}</p>}
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={(e) => {
                e.stopPropagation();
                onOpen();
              }}
              id={detailsButtonId(p.id)}
              aria-label={`View details of ${p.name}`}
            >
              View details
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
