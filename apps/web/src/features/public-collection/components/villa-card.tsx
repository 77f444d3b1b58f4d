import { LIMITS, PROPERTY_TYPE_LABELS, type PublicProperty } from '@villas/shared';
import { MapPin } from 'lucide-react';
import { ImageCarousel } from '../../../components/gallery/image-carousel';
import { Button } from '../../../components/ui/button';
import { AmenityBadges, PropertyFacts } from '../../../components/property/property-facts';
import { IMAGE_SIZES } from '../../../lib/images';
import { ClientPriceLine } from './client-price';

export const placeOf = (p: PublicProperty) =>
  [p.subregion, p.region].filter(Boolean).join(', ') || p.location;

/**
 * A villa in the client's collection: imagery, place, the essentials, a few amenities and the client's
 * price (the agent's, in the link's currency; never the trade rate).
 */
export function VillaCard({
  property: p,
  onDetails,
  onRequest,
}: {
  property: PublicProperty;
  onDetails: () => void;
  onRequest: () => void;
}) {
  const type = PROPERTY_TYPE_LABELS[p.propertyType] ?? 'Villa';
  return (
    <article
      aria-labelledby={`villa-${p.id}-name`}
      className="group flex w-full flex-col overflow-hidden rounded-[3px] bg-paper shadow-soft ring-1 ring-line/70 transition duration-300 hover:shadow-lift"
    >
      <ImageCarousel
        images={p.images.slice(0, LIMITS.cardImages)}
        alt={p.name}
        onImageClick={onDetails}
        sizes={IMAGE_SIZES.collectionCard}
      />
      <div className="flex flex-1 flex-col p-5 sm:p-7">
        <p className="flex items-center gap-1.5 text-[11px] font-medium uppercase tracking-[0.18em] text-gold-deep">
          <MapPin className="h-3.5 w-3.5" aria-hidden />
          {placeOf(p)}
        </p>
        <h3 id={`villa-${p.id}-name`} className="mt-2 text-[28px] leading-tight text-ink">
          <button
            type="button"
            onClick={onDetails}
            className="cursor-pointer text-left transition-colors hover:text-gold-deep"
          >
            {p.name}
          </button>
        </h3>
        <PropertyFacts bedrooms={p.bedrooms} maxGuests={p.maxGuests} type={type} className="mt-3 gap-x-5" />
        <AmenityBadges names={p.amenities} />
        <div className="mt-auto pt-6">
          <ClientPriceLine price={p.price} className="border-t border-line pt-5" />
        </div>
        <div className="flex flex-col gap-2 pt-5 sm:flex-row">
          <Button variant="outline" size="sm" onClick={onDetails} aria-label={`Discover ${p.name}`}>
            Discover
          </Button>
          <Button
            size="sm"
            className="whitespace-nowrap sm:flex-1"
            onClick={onRequest}
            aria-label={`Request to Book ${p.name}`}
          >
            Request to Book
          </Button>
        </div>
      </div>
    </article>
  );
}
