import { Handshake, LayoutDashboard } from 'lucide-react';
import { Container, SectionIntro } from './layout';

const figures = [
  { value: '500+', label: 'Luxury properties', detail: 'Over 500 private villas, chalets and estates' },
  { value: '50+', label: 'Destinations', detail: 'From the Riviera to the Alps and the islands' },
  { value: '24/7', label: 'Concierge support', detail: 'A dedicated team, every hour of every day' },
];

const features = [
  {
    icon: Handshake,
    title: 'Exclusive Agent Rates and Commissions',
    text: 'Trade-only rates on every residence, with a commission on each booking you bring.',
  },
  {
    icon: LayoutDashboard,
    title: 'Booking and Management Tools',
    text: 'Search by dates and budget, share branded collections with clients and follow every inquiry in one place.',
  },
];

/** The landing page's claims. */
export function Highlights() {
  return (
    <section aria-labelledby="highlights-title" className="bg-ivory py-24 sm:py-32">
      <Container>
        <div className="grid gap-14 lg:grid-cols-12 lg:gap-10">
          <SectionIntro
            id="highlights-title"
            eyebrow="The portfolio"
            title="A collection reserved for the trade"
            className="lg:col-span-5"
          >
            <p>
              An invitation-only portfolio of private villas, alpine chalets and island estates, offered
              exclusively to the travel professionals who place the world&apos;s most demanding guests.
            </p>
          </SectionIntro>

          <dl className="grid gap-px self-end border border-line bg-line sm:grid-cols-3 lg:col-span-7">
            {figures.map((f) => (
              <div key={f.label} className="flex flex-col bg-ivory p-7 sm:p-8">
                <dt className="order-2 mt-3 text-xs font-medium uppercase tracking-[0.18em] text-ink">
                  {f.label}
                </dt>
                <dd className="order-1 font-display text-6xl leading-none text-ink">{f.value}</dd>
                <dd className="order-3 mt-2 text-sm leading-relaxed text-stone">{f.detail}</dd>
              </div>
            ))}
          </dl>
        </div>

        <ul className="mt-16 grid gap-10 border-t border-line pt-12 sm:mt-20 md:grid-cols-2 md:gap-16">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-5">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-gold/50 text-gold-deep">
                <Icon className="h-5 w-5" strokeWidth={1.5} aria-hidden />
              </span>
              <div>
                <h3 className="text-2xl leading-tight text-ink">{title}</h3>
                <p className="mt-2 leading-relaxed text-stone">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
