import { BadgeCheck, Crown, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { listYourPropertyHref } from '../utils/list-your-property';
import { Container, SectionIntro } from './layout';

export const ownerBenefits = [
  {
    icon: BadgeCheck,
    title: 'Qualified Bookings',
    text: 'Every inquiry comes from a vetted travel professional with a real client and real dates.',
  },
  {
    icon: Crown,
    title: 'Premium Positioning',
    text: 'Your residence presented beside the finest villas and chalets, photographed and described with care.',
  },
  {
    icon: Settings2,
    title: 'Professional Management',
    text: 'Rates, availability and calendar synchronisation handled with you, so the listing is always exact.',
  },
];

/** Property owners and managers are courted too. */
export function OwnersSection() {
  return (
    <section aria-labelledby="owners-title" className="bg-ivory py-24 sm:py-32">
      <Container>
        <div className="flex flex-col justify-between gap-10 lg:flex-row lg:items-end">
          <SectionIntro
            id="owners-title"
            eyebrow="For property owners and managers"
            title="Your residence, in the right hands"
          >
            <p>
              We represent a small number of exceptional homes to the agents who book them. If you own or
              manage a villa, chalet or estate of distinction, we would be delighted to hear from you.
            </p>
          </SectionIntro>
          <Button asChild variant="outline" size="lg" className="self-start lg:self-auto">
            <Link to={listYourPropertyHref}>List Your Property</Link>
          </Button>
        </div>

        <ul className="mt-16 grid gap-px border border-line bg-line md:grid-cols-3">
          {ownerBenefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="bg-ivory p-8 sm:p-10">
              <Icon className="h-6 w-6 text-gold-deep" strokeWidth={1.5} aria-hidden />
              <h3 className="mt-6 text-2xl leading-tight text-ink">{title}</h3>
              <p className="mt-3 leading-relaxed text-stone">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
