import { formatMoney, PROPERTY_TYPE_LABELS, type AdminPropertyItem } from '@villas/shared';
import { CalendarDays, ImageOff, MapPin, Pencil } from 'lucide-react';
import { PropertyFacts } from '../../../components/property/property-facts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { srcSetFor } from '../../../lib/images';
import { cn } from '../../../lib/utils';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';

/** '€12,000 / week' with '€1,714 / night' under it, or 'Price on Request'. */
export function priceLines(p: AdminPropertyItem): { main: string; sub: string | null } {
  if (p.weeklyPriceEur == null || p.nightlyPriceEur == null) {
    const base = p.basePricePerNight;
    // Priced in a currency with no stored rate to EUR: say so rather than show nothing.
    return {
      main: 'Price on Request',
      sub: base != null && base > 0 ? `${formatMoney(base, p.propertyCurrency)} / night · no EUR rate` : null,
    };
  }
  const own =
    p.propertyCurrency !== 'EUR' && p.basePricePerNight != null
      ? ` · ${formatMoney(p.basePricePerNight, p.propertyCurrency)}`
      : '';
  return {
    main: `${formatMoney(p.weeklyPriceEur, 'EUR')} / week`,
    sub: `${formatMoney(p.nightlyPriceEur, 'EUR')} / night${own}`,
  };
}

/**
 * A property of the admin Properties tab: cover image, name, location, description,
 * price, Available/Unavailable, bedrooms, guests and type; Calendar & pricing, Edit and Delete.
 */
export function AdminPropertyCard({
  property: p,
  onCalendar,
  onEdit,
  onDelete,
  focusAfterDelete,
}: {
  property: AdminPropertyItem;
  /** Absent when no calendar tool is composed in. */
  onCalendar?: () => void;
  onEdit: () => void;
  /** Deletes the property once the admin confirmed; the card says how it went. */
  onDelete: () => Promise<unknown>;
  focusAfterDelete: () => HTMLElement | null;
}) {
  const headingId = `admin-property-${p.id}`;
  const price = priceLines(p);
  const place = p.location || [p.subregion, p.region].filter(Boolean).join(', ');
  const cover = p.images[0];

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col overflow-hidden rounded-[3px] bg-paper shadow-soft ring-1 ring-line/70"
      >
        <div className="relative aspect-[3/2] bg-sand">
          {cover ? (
            <img
              src={cover}
              srcSet={srcSetFor(cover)}
              sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
              alt=""
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-stone">
              <ImageOff className="h-7 w-7" strokeWidth={1.25} aria-hidden />
              <span className="text-xs uppercase tracking-[0.16em]">No images yet</span>
            </div>
          )}
          <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
            <Badge
              tone={p.available ? 'success' : 'gray'}
              className="bg-paper/95 uppercase tracking-[0.12em] shadow-sm"
            >
              <span
                className={cn('mr-1.5 h-1.5 w-1.5 rounded-full', p.available ? 'bg-success' : 'bg-stone')}
                aria-hidden
              />
              {p.available ? 'Available' : 'Unavailable'}
            </Badge>
            {p.available && !p.availableNow && (
              <Badge tone="dark" className="uppercase tracking-[0.12em]">
                Booked today
              </Badge>
            )}
          </div>
          {p.imageCount > 1 && (
            <span className="absolute bottom-3 right-3 rounded-full bg-ink/75 px-2.5 py-0.5 text-[11px] text-white">
              {p.imageCount} images
            </span>
          )}
        </div>

        <div className="flex flex-1 flex-col p-5 sm:p-6">
          {place && (
            <p className="flex items-center gap-1.5 text-[11px] font-medium uppercase tracking-[0.18em] text-gold-deep">
              <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
              <span className="truncate">{place}</span>
            </p>
          )}
          <h3 id={headingId} className="mt-2 text-[26px] leading-tight text-ink [overflow-wrap:anywhere]">
            {p.name}
          </h3>
          <PropertyFacts
            bedrooms={p.bedrooms}
            maxGuests={p.maxGuests}
            type={PROPERTY_TYPE_LABELS[p.propertyType] ?? 'Villa'}
            className="mt-3"
          />
          <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-stone">{p.description}</p>

          <div className="mt-auto pt-5">
            <div className="border-t border-line/70 pt-4">
              <p
                className={cn(
                  'font-display leading-none text-ink lining-nums',
                  price.main === 'Price on Request' ? 'text-xl' : 'text-2xl',
                )}
              >
                {price.main}
              </p>
              {price.sub && <p className="mt-1.5 text-xs text-stone">{price.sub}</p>}
            </div>
            <div className="mt-5 flex flex-wrap gap-2">
              {onCalendar && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={onCalendar}
                  aria-label={`Calendar & pricing for ${p.name}`}
                >
                  <CalendarDays className="h-3.5 w-3.5" aria-hidden />
                  Calendar & pricing
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${p.name}`}>
                <Pencil className="h-3.5 w-3.5" aria-hidden />
                Edit
              </Button>
              <ConfirmDelete
                ariaLabel={`Delete ${p.name}`}
                title={`Delete ${p.name}?`}
                description="The property is removed with its images, nightly prices and availability. White-label links stop listing it; inquiries about it are kept."
                confirmLabel="Delete Property"
                remove={onDelete}
                done={['Property Deleted', `${p.name} has been removed.`]}
                failed="Failed to delete property"
                focusAfter={focusAfterDelete}
              />
            </div>
          </div>
        </div>
      </article>
    </li>
  );
}
