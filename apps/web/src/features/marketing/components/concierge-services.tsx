import { Car, ChefHat, Compass, ConciergeBell, PartyPopper } from 'lucide-react';
import { Container, SectionIntro } from './layout';

const services = [
  {
    icon: Compass,
    title: 'Personalized Property Matching',
    text: 'Tell us about the guests and the occasion; we propose the residences that fit.',
  },
  {
    icon: ChefHat,
    title: 'Private Chef Arrangements',
    text: 'Private chefs, sommeliers and in-villa dining, arranged before arrival.',
  },
  {
    icon: Car,
    title: 'Transportation Coordination',
    text: 'Private aviation, chauffeurs, yachts and helicopter transfers, door to door.',
  },
  {
    icon: PartyPopper,
    title: 'Event Planning',
    text: 'Celebrations, weddings and retreats, planned to the last detail.',
  },
  {
    icon: ConciergeBell,
    title: '24/7 Concierge Support',
    text: 'A dedicated concierge for you and your clients, day and night.',
  },
];

/** The advertised concierge services. */
export function ConciergeServices() {
  return (
    <section aria-labelledby="concierge-title" className="border-t border-line bg-paper py-24 sm:py-32">
      <Container>
        <SectionIntro id="concierge-title" eyebrow="Beyond the residence" title="Concierge Services">
          <p>Every stay is supported by our concierge team, from the first inquiry to the final morning.</p>
        </SectionIntro>
        <ul className="mt-16 grid gap-x-10 gap-y-12 sm:grid-cols-2 lg:grid-cols-5 lg:gap-x-8">
          {services.map(({ icon: Icon, title, text }) => (
            <li key={title} className="border-t border-ink/80 pt-6">
              <Icon className="h-6 w-6 text-gold-deep" strokeWidth={1.5} aria-hidden />
              <h3 className="mt-5 text-[22px] leading-tight text-ink">{title}</h3>
              <p className="mt-3 text-[15px] leading-relaxed text-stone">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
