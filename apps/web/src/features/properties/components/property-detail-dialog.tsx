import { bathroomsFor, groupAmenities, PROPERTY_TYPE_LABELS, type Property } from '@villas/shared';
import { Check, MapPin } from 'lucide-react';
import { ImageGallery } from '../../../components/gallery/image-gallery';
import { StayRulesList } from '../../../components/property/stay-rules-list';
import { QueryState } from '../../../components/ui/query-state';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useDisplayMoney } from '../../../lib/display-currency';
import { useProperty } from '../api/get-property';
import { useStayRules } from '../api/get-stay-rules';
import type { Stay } from '../utils/estimate';
import { priceLines } from '../utils/price';
import { BookingForm } from './booking-form';
import type { CardProperty } from './property-card';

export interface PropertyDetailDialogProps {
  /** The card opened: its name titles the dialog while the whole villa loads. */
  property: CardProperty | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dated search's stay, if any: prefills the booking dates. */
  stay?: Stay | null;
}

/**
 * The property detail dialog: the villa fetched by id (GET /api/properties/{id}), with
 * the search's own figures for it (the stay's totals and weekly price) kept from the card.
 */
export function PropertyDetailDialog({
  property: card,
  open,
  onOpenChange,
  stay,
}: PropertyDetailDialogProps) {
  const detail = useProperty(open && card ? card.id : null);
  if (!card) return null;
  const loaded = detail.data?.id === card.id ? detail.data : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        wide
        className="max-w-6xl"
        title={card.name}
        description={
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="h-4 w-4 text-gold-deep" aria-hidden />
            {card.location}
            <span aria-hidden className="mx-1 text-line">
              |
            </span>
            <span className={card.available ? 'text-success' : 'text-stone'}>
              {card.available ? 'Available' : 'Reserved'}
            </span>
          </span>
        }
      >
        {loaded ? (
          <Details
            // The search's own figures for this villa (a dated search's stay) stay the card's.
            p={{
              ...loaded,
              weeklyPriceEur: card.weeklyPriceEur ?? loaded.weeklyPriceEur,
              totalNights: card.totalNights,
              totalCost: card.totalCost,
              totalCostEur: card.totalCostEur,
            }}
            onSent={() => onOpenChange(false)}
            stay={stay}
          />
        ) : (
          <QueryState
            pending={!detail.isError}
            error
            onRetry={detail.refetch}
            loadingLabel={`Loading ${card.name}`}
            loadingClassName="min-h-64 items-center"
            what="The villa"
            errorCause={detail.error}
            errorRole="alert"
            errorClassName="flex flex-col items-center py-16 text-center text-sm text-stone"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The villa's details: gallery with full-screen lightbox, the facts (bathrooms = bedrooms + 1),
 * description, amenities grouped into the nine categories, and the booking form.
 */
function Details({ p, onSent, stay }: { p: Property; onSent: () => void; stay?: Stay | null }) {
  const display = useDisplayMoney();
  const rules = useStayRules(p.id).data;
  const type = PROPERTY_TYPE_LABELS[p.propertyType] ?? 'Villa';
  const groups = groupAmenities(p.amenities);
  const { main: weekly, stay: stayTotal } = priceLines(p, display);
  const facts: Array<[string, string | number]> = [
    ['Bedrooms', p.bedrooms],
    ['Bathrooms', bathroomsFor(p.bedrooms)],
    ['Guests', p.maxGuests],
    ['Type', type],
  ];

  return (
    <>
      <ImageGallery
        images={p.images}
        alt={p.name}
        aspectClassName="aspect-[4/3] sm:aspect-[16/9] lg:aspect-[2/1]"
      />

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0">
          <dl className="grid grid-cols-2 divide-line border-y border-line sm:grid-cols-4 sm:divide-x">
            {facts.map(([label, value]) => (
              <div key={label} className="px-1 py-4 text-center sm:px-4">
                <dt className="text-[11px] font-medium uppercase tracking-[0.16em] text-stone">{label}</dt>
                <dd className="mt-1 font-display text-2xl text-ink lining-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <StayRulesList rules={rules} className="mt-6" />

          <h3 className="mt-8 text-2xl">About this {type.toLowerCase()}</h3>
          <p className="mt-3 whitespace-pre-line text-[15px] leading-relaxed text-ink/85">{p.description}</p>

          {groups.length > 0 && (
            <>
              <h3 className="mt-10 text-2xl">Amenities</h3>
              <div className="mt-4 grid grid-cols-2 gap-x-6 gap-y-6 sm:gap-x-8">
                {groups.map((g) => (
                  <section key={g.category} aria-label={g.category}>
                    <h4 className="eyebrow">{g.category}</h4>
                    <ul className="mt-2.5 space-y-1.5">
                      {g.items.map((item) => (
                        <li key={item} className="flex items-start gap-2 text-sm text-ink">
                          <Check className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
                          {item}
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </>
          )}
        </div>

        <aside aria-label="Booking inquiry" className="lg:sticky lg:top-0 lg:self-start">
          <div className="rounded-[3px] border border-line bg-ivory p-5 sm:p-6">
            <p className="font-display text-3xl leading-none text-ink lining-nums">{weekly.text}</p>
            {weekly.note && <p className="mt-1.5 text-xs text-stone">{weekly.note}</p>}
            {stayTotal && <p className="mt-2 text-sm text-ink/80">{stayTotal.text}</p>}
            {stayTotal?.note && <p className="mt-0.5 text-xs text-stone">{stayTotal.note}</p>}
            <h3 className="mt-5 border-t border-line pt-5 text-xl">Request this {type.toLowerCase()}</h3>
            <p className="mb-5 mt-1 text-sm text-stone">Our concierge replies within 24 hours.</p>
            <BookingForm key={p.id} property={p} stay={stay} rules={rules} onSent={onSent} />
          </div>
        </aside>
      </div>
    </>
  );
}
