import { CalendarCheck, KeyRound, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { Container, SectionIntro } from './layout';

const privileges = [
  {
    icon: KeyRound,
    title: 'Trade-only access',
    text: 'Residences that are never listed publicly, with rates reserved for approved agents.',
  },
  {
    icon: CalendarCheck,
    title: 'Live availability',
    text: 'Search by destination, dates, bedrooms and weekly budget, and see what is free at once.',
  },
  {
    icon: Share2,
    title: 'Branded collections',
    text: 'Share a curated selection with your client under your own name, and see when it is viewed.',
  },
];

/** 'Exclusive Portfolio' for qualified travel professionals. */
export function ExclusivePortfolio() {
  return (
    <section aria-labelledby="portfolio-title" className="relative overflow-hidden bg-sea py-24 sm:py-32">
      <div
        aria-hidden
        className="pointer-events-none absolute -right-40 -top-40 h-[520px] w-[520px] rounded-full border border-[#d9bf8c]/15"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -right-20 -top-20 h-[360px] w-[360px] rounded-full border border-[#d9bf8c]/10"
      />
      <Container className="relative grid gap-16 lg:grid-cols-12 lg:gap-10">
        <div className="lg:col-span-6">
          <SectionIntro
            id="portfolio-title"
            eyebrow="For qualified travel professionals"
            title="Exclusive Portfolio"
            tone="dark"
          >
            <p>
              Our collection is open only to licensed travel agents, tour operators and private travel
              advisers. Apply once; after a short review you can search, select and share the portfolio with
              your clients.
            </p>
          </SectionIntro>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:gap-4">
            <Button asChild size="lg" className="bg-ivory text-ink hover:bg-white">
              <Link to={paths.register}>Apply for Access</Link>
            </Button>
            <Button asChild size="lg" variant="light">
              <Link to={paths.login}>Agent Login</Link>
            </Button>
          </div>
        </div>

        <ul className="divide-y divide-white/15 border-y border-white/15 lg:col-span-5 lg:col-start-8">
          {privileges.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-5 py-7">
              <Icon className="mt-1 h-5 w-5 shrink-0 text-[#d9bf8c]" strokeWidth={1.5} aria-hidden />
              <div>
                <h3 className="text-2xl leading-tight text-ivory">{title}</h3>
                <p className="mt-2 leading-relaxed text-ivory/75">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
