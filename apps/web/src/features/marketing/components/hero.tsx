import { ArrowDown } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { usePreloadFonts } from '../../../lib/fonts';
import { IMAGE_SIZES } from '../../../lib/images';
import { useFeaturedProperty } from '../api/get-featured-property';
import { Container } from './layout';
import { PropertyImage } from './property-image';
import { onSectionLinkClick } from './scroll-to-section';

/**
 * The landing hero: full-bleed photograph of the featured villa under a dark veil so
 * the white type keeps its contrast, or the sea gradient while the catalogue is empty.
 */
export function Hero() {
  const { data: featured } = useFeaturedProperty();
  const image = featured?.images[0];
  usePreloadFonts('display400');

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[max(600px,calc(100svh-4.5rem))] items-end overflow-hidden text-white"
    >
      <PropertyImage
        src={image}
        alt=""
        fetchPriority="high"
        sizes={IMAGE_SIZES.landingHero}
        className="absolute inset-0 -z-10"
        imgClassName="scale-[1.02]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[linear-gradient(180deg,rgb(10_18_21/0.55)_0%,rgb(10_18_21/0.42)_38%,rgb(10_18_21/0.6)_68%,rgb(10_18_21/0.88)_100%)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 hidden bg-[linear-gradient(90deg,rgb(10_18_21/0.45)_0%,transparent_60%)] lg:block"
      />

      <Container className="pb-16 pt-28 sm:pb-24 lg:pb-28">
        <p className="eyebrow text-[#e8d3a6]">Private villas · Chalets · Estates</p>
        <h1
          id="hero-title"
          className="mt-6 max-w-4xl font-display text-[56px] font-normal leading-[0.95] tracking-tight text-white sm:text-8xl lg:text-[120px]"
        >
          Extraordinary Luxury
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-white/90 sm:text-xl">
          Discover the world&apos;s most exclusive private villas and chalets
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:gap-4">
          <Button asChild size="lg" className="bg-ivory text-ink hover:bg-white">
            <a href="#properties" onClick={onSectionLinkClick('properties')}>
              Explore Properties
            </a>
          </Button>
          <Button asChild size="lg" variant="light">
            <a href="#contact" onClick={onSectionLinkClick('contact')}>
              Request Access
            </a>
          </Button>
        </div>

        <div className="mt-16 flex items-end justify-between gap-6 border-t border-white/25 pt-6 text-sm text-white/85">
          <span className="inline-flex items-center gap-3">
            <ArrowDown className="h-4 w-4 animate-bounce motion-reduce:animate-none" aria-hidden />
            <span className="tracking-wide">Over 500 properties in 50+ destinations</span>
          </span>
          {featured && (
            <span className="hidden text-right sm:block">
              <span className="font-display text-lg italic text-white">{featured.name}</span>
              <span className="mx-2 text-white/60" aria-hidden>
                ·
              </span>
              {featured.location}
            </span>
          )}
        </div>
      </Container>
    </section>
  );
}
