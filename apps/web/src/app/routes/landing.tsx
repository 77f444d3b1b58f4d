import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ContactSection } from '../../features/contact/components/contact-section';
import { isInquiryType } from '../../features/contact/utils/inquiry-types';
import { useFeaturedProperty } from '../../features/marketing/api/get-featured-property';
import { ConciergeServices } from '../../features/marketing/components/concierge-services';
import { ExclusivePortfolio } from '../../features/marketing/components/exclusive-portfolio';
import { FeaturedShowcase } from '../../features/marketing/components/featured-showcase';
import { Hero } from '../../features/marketing/components/hero';
import { Highlights } from '../../features/marketing/components/highlights';
import { OwnersSection } from '../../features/marketing/components/owners-section';
import { SiteFooter } from '../../features/marketing/components/site-footer';
import { LIST_PROPERTY_PARAM } from '../../features/marketing/utils/list-your-property';

/**
 * The public landing page in this order: hero, featured showcase, Exclusive
 * Portfolio, contact form, footer; the claims, owners and concierge sections sit in between.
 */
export function Component() {
  const [params] = useSearchParams();
  const requested = params.get(LIST_PROPERTY_PARAM);
  const { data: featured } = useFeaturedProperty();
  const image = featured?.images[0];
  useKeepHashTargetInView();

  return (
    <>
      {/* The link preview shows the hero's photograph (made absolute by the server). */}
      {image && <meta property="og:image" content={image} />}
      <Hero />
      <Highlights />
      <FeaturedShowcase />
      <ExclusivePortfolio />
      <OwnersSection />
      <ConciergeServices />
      <ContactSection initialType={isInquiryType(requested) ? requested : undefined} />
      <SiteFooter />
    </>
  );
}

/**
 * Arriving on /#contact from another page, the router scrolls at once, before the featured villa
 * above has loaded and changed the page's height; scroll again once it has settled.
 */
function useKeepHashTargetInView() {
  const { hash } = useLocation();
  const { isPending } = useFeaturedProperty();
  const initialHash = useRef(hash);
  useEffect(() => {
    if (isPending || !initialHash.current) return;
    document.getElementById(decodeURIComponent(initialHash.current.slice(1)))?.scrollIntoView();
    initialHash.current = '';
  }, [isPending]);
}
