import {
  bathroomsFor,
  groupAmenities,
  PROPERTY_TYPE_LABELS,
  type PublicProperty,
  plural,
} from '@villas/shared';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Bath, BedDouble, Home, Users } from 'lucide-react';
import { useContext, useState, type ComponentProps, type ReactNode } from 'react';
import { ImageGallery } from '../../../components/gallery/image-gallery';
import { StayRulesList } from '../../../components/property/stay-rules-list';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { useVillaStayRules } from '../api/get-stay-rules';
import { BookingRequestForm } from './booking-request-form';
import { ClientPriceLine } from './client-price';
import { placeOf } from './villa-card';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2.5 border-line py-1 text-sm text-ink">
      <span className="text-gold-deep" aria-hidden>
        {icon}
      </span>
      {children}
    </li>
  );
}

/**
 * A villa's detail for the client: gallery with lightbox, description, amenities grouped
 * by category, the client's price, and the booking request form.
 */
export function VillaDialog({
  uuid,
  property: p,
  agentName,
  focusRequest,
  onOpenChange,
}: {
  uuid: string;
  property: PublicProperty | null;
  agentName: string | null;
  /** Opened from 'Request to Book': focus goes straight to the form. */
  focusRequest: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={p != null} onOpenChange={onOpenChange}>
      {p && <VillaDetail uuid={uuid} property={p} agentName={agentName} focusRequest={focusRequest} />}
    </Dialog>
  );
}

function VillaDetail({
  uuid,
  property: p,
  agentName,
  focusRequest,
}: {
  uuid: string;
  property: PublicProperty;
  agentName: string | null;
  focusRequest: boolean;
}) {
  const rules = useVillaStayRules(uuid, p.id);
  return (
    <DialogContent wide title={p.name} description={placeOf(p)}>
      <ImageGallery images={p.images} alt={p.name} />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div>
          {p.description && (
            <p className="whitespace-pre-line text-[15px] leading-relaxed text-ink/90">{p.description}</p>
          )}
          {p.amenities.length > 0 && (
            <section aria-labelledby={`amenities-${p.id}`} className="mt-8">
              <h3 id={`amenities-${p.id}`} className="text-2xl">
                Amenities
              </h3>
              <div className="mt-4 grid gap-6 sm:grid-cols-2">
                {groupAmenities(p.amenities).map((g) => (
                  <div key={g.category}>
                    <h4 className="eyebrow">{g.category}</h4>
                    <ul className="mt-2 space-y-1 text-sm text-ink/85">
                      {g.items.map((a) => (
                        <li key={a} className="flex gap-2">
                          <span className="mt-2 h-1 w-1 shrink-0 rounded-full bg-gold" aria-hidden />
                          {a}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </section>
          )}
        </div>
        <div className="h-fit border-t border-line pt-4 lg:border-l lg:border-t-0 lg:pl-6 lg:pt-0">
          <ClientPriceLine price={p.price} size="detail" className="mb-5" />
          <ul aria-label="At a glance" className="space-y-2">
            <Fact icon={<BedDouble className="h-4 w-4" />}>{plural(p.bedrooms, 'bedroom')}</Fact>
            <Fact icon={<Bath className="h-4 w-4" />}>{bathroomsFor(p.bedrooms)} bathrooms</Fact>
            <Fact icon={<Users className="h-4 w-4" />}>Up to {p.maxGuests} guests</Fact>
            <Fact icon={<Home className="h-4 w-4" />}>{PROPERTY_TYPE_LABELS[p.propertyType] ?? 'Villa'}</Fact>
          </ul>
          <StayRulesList rules={rules} className="mt-6 border-t border-line pt-4" />
        </div>
      </div>
      <section aria-labelledby={`request-${p.id}`} className="mt-10 border-t border-line pt-8">
        <p className="eyebrow">Private enquiry</p>
        <h3 id={`request-${p.id}`} className="mt-2 text-3xl">
          Request to Book
        </h3>
        <div className="mt-6">
          <BookingRequestForm
            uuid={uuid}
            property={p}
            agentName={agentName}
            rules={rules}
            autoFocus={focusRequest}
          />
        </div>
      </section>
    </DialogContent>
  );
}

/**
 * The dialog as the collection page loads it (lazily, on the first villa opened). Inside the app it
 * finds the app's query client and toaster; the client's page (collection.html) has neither until
 * now, so it brings its own: the booking request's mutation needs the one, its answer the other.
 */
export function VillaDialogHost(props: ComponentProps<typeof VillaDialog>) {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => (appClient ? null : createQueryClient()));
  if (!ownClient) return <VillaDialog {...props} />;
  return (
    <QueryClientProvider client={ownClient}>
      <VillaDialog {...props} />
      <Toaster />
    </QueryClientProvider>
  );
}
