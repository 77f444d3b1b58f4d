import { formatMoney, type FeaturedProperty } from '@villas/shared';
import { BedDouble, MapPin, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/utils';
import { useFeaturedProperty } from '../api/get-featured-property';
import { Container, gradientBackdrop } from './layout';
import { PropertyImage } from './property-image';
import { onSectionLinkClick } from './scroll-to-section';

const typeLabel: Record<FeaturedProperty['propertyType'], string> = {
  villa: 'Villa',
  chalet: 'Chalet',
  'private-island': 'Private island',
};

/** The featured-property showcase, anchored 'properties'. */
export function FeaturedShowcase() {
  const { data: featured, isPending } = useFeaturedProperty();

  return (
    <section
      id="properties"
      tabIndex={-1}
      aria-labelledby="featured-title"
      className="scroll-mt-18 border-y border-line bg-paper py-24 outline-none sm:py-32"
    >
      <Container>
        {isPending ? (
          <ShowcaseLoading />
        ) : featured ? (
          <Showcase property={featured} />
        ) : (
          <ShowcaseUnavailable />
        )}
      </Container>
    </section>
  );
}

function Showcase({ property }: { property: FeaturedProperty }) {
  const images = property.images.slice(0, 5);
  const [shown, setShown] = useState(0);
  const price = property.basePricePerNight;

  return (
    <div className="grid gap-12 lg:grid-cols-12 lg:gap-14">
      <div className="lg:col-span-7">
        <PropertyImage
          src={images[shown]}
          alt={`${property.name}, photograph ${shown + 1} of ${Math.max(images.length, 1)}`}
          loading="lazy"
          sizes="(min-width: 1280px) 720px, (min-width: 1024px) 56vw, 100vw"
          className="aspect-[4/3] w-full rounded-[3px] shadow-soft"
        />
        {images.length > 1 && (
          <ul
            className="mt-3 grid gap-3"
            style={{ gridTemplateColumns: `repeat(${images.length}, minmax(0, 1fr))` }}
            aria-label="Photographs"
          >
            {images.map((src, i) => (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => setShown(i)}
                  aria-label={`Show photograph ${i + 1} of ${images.length}`}
                  aria-pressed={i === shown}
                  className={cn(
                    'block w-full cursor-pointer overflow-hidden rounded-[2px] ring-offset-2 ring-offset-paper transition',
                    i === shown ? 'ring-1 ring-gold-deep' : 'opacity-75 hover:opacity-100',
                  )}
                >
                  <PropertyImage
                    src={src}
                    alt=""
                    loading="lazy"
                    sizes="(min-width: 1280px) 140px, (min-width: 1024px) 11vw, 20vw"
                    className="aspect-[4/3] w-full"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-col lg:col-span-5 lg:pt-2">
        <p className="eyebrow">Featured residence</p>
        <h2 id="featured-title" className="mt-4 text-4xl leading-[1.05] text-ink sm:text-5xl">
          {property.name}
        </h2>
        <p className="mt-4 inline-flex items-center gap-2 text-sm uppercase tracking-[0.14em] text-stone">
          <MapPin className="h-4 w-4 text-gold-deep" aria-hidden />
          {property.location}
        </p>
        <p className="mt-6 line-clamp-6 leading-relaxed text-stone">{property.description}</p>

        <dl className="mt-8 grid grid-cols-3 border-y border-line py-5 text-center">
          <Fact icon={<BedDouble className="h-4 w-4" aria-hidden />} label="Bedrooms">
            {property.bedrooms}
          </Fact>
          <Fact icon={<Users className="h-4 w-4" aria-hidden />} label="Guests" divided>
            {property.maxGuests}
          </Fact>
          <Fact label="Type" divided>
            {typeLabel[property.propertyType]}
          </Fact>
        </dl>

        <div className="mt-8 flex items-baseline gap-3">
          {price != null && price > 0 ? (
            <>
              <span className="font-display text-5xl leading-none text-ink">
                {formatMoney(price, property.currency)}
              </span>
              <span className="text-sm uppercase tracking-[0.14em] text-stone">per night</span>
            </>
          ) : (
            <span className="font-display text-4xl leading-none text-ink">Price on Request</span>
          )}
        </div>
        <p className="mt-3 text-sm text-stone">
          Availability, weekly rates and agent commission are shown to approved agents.
        </p>

        <AccessActions />
      </div>
    </div>
  );
}

/** The two ways in for a visitor: sign in, or ask for access in the contact section. */
function AccessActions() {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row">
      <Button asChild>
        <Link to={paths.login}>Agent Login</Link>
      </Button>
      <Button asChild variant="outline">
        <a href="#contact" onClick={onSectionLinkClick('contact')}>
          Request Access
        </a>
      </Button>
    </div>
  );
}

function Fact({
  label,
  icon,
  divided,
  children,
}: {
  label: string;
  icon?: ReactNode;
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col items-center px-2', divided && 'border-l border-line')}>
      <dt className="order-2 mt-1 text-[11px] font-medium uppercase tracking-[0.16em] text-stone">{label}</dt>
      <dd className="order-1 inline-flex items-center gap-2 font-display text-2xl text-ink">
        <span className="text-gold-deep">{icon}</span>
        {children}
      </dd>
    </div>
  );
}

function ShowcaseLoading() {
  return (
    <div aria-busy="true" className="grid gap-12 lg:grid-cols-12 lg:gap-14">
      <span role="status" className="sr-only">
        Loading the featured residence
      </span>
      <div className="aspect-[4/3] w-full animate-pulse rounded-[3px] bg-sand lg:col-span-7" />
      <div className="space-y-5 lg:col-span-5">
        <div className="h-3 w-32 animate-pulse bg-sand" />
        <div className="h-12 w-4/5 animate-pulse bg-sand" />
        <div className="h-24 w-full animate-pulse bg-sand" />
      </div>
    </div>
  );
}

/** No featured villa yet (empty catalogue): a composed panel, never a broken image. */
function ShowcaseUnavailable() {
  return (
    <div className="grid overflow-hidden rounded-[3px] lg:grid-cols-12">
      <div className={cn('min-h-64 lg:col-span-7 lg:min-h-[420px]', gradientBackdrop)} aria-hidden />
      <div className="flex flex-col justify-center border border-line bg-ivory p-8 sm:p-12 lg:col-span-5 lg:border-l-0">
        <p className="eyebrow">Featured residence</p>
        <h2 id="featured-title" className="mt-4 text-4xl leading-[1.05] text-ink sm:text-5xl">
          The collection
        </h2>
        <p className="mt-5 leading-relaxed text-stone">
          Our featured residence will be unveiled shortly. Approved agents browse the complete portfolio of
          villas, chalets and private islands, with live availability and rates.
        </p>
        <AccessActions />
      </div>
    </div>
  );
}
