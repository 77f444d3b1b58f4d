import { ArrowLeft, Award, BadgeCheck, Globe2, Headset, KeyRound, Percent, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCompany } from '../../../lib/company';
import { usePreloadFonts } from '../../../lib/fonts';
import { listYourPropertyHref } from '../utils/list-your-property';
import { Container, SectionIntro, gradientBackdrop } from './layout';
import { ownerBenefits } from './owners-section';

/** 'Connecting Excellence', the about page's opening. */
export function AboutIntro() {
  const { data: company } = useCompany();
  usePreloadFonts('display400');
  return (
    <section aria-labelledby="about-title" className={`${gradientBackdrop} text-ivory`}>
      <Container className="pb-20 pt-8 sm:pb-28 sm:pt-10">
        <Button asChild variant="light" size="sm">
          <Link to={paths.home}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Home
          </Link>
        </Button>
        <p className="eyebrow mt-16 text-[#e8d3a6] sm:mt-24">About {company?.brandName ?? 'us'}</p>
        <h1
          id="about-title"
          className="mt-5 max-w-4xl font-display text-6xl font-normal leading-[0.95] text-white sm:text-8xl"
        >
          Connecting Excellence
        </h1>
        <p className="mt-8 max-w-2xl text-lg leading-relaxed text-ivory/85 sm:text-xl">
          We bring together the world&apos;s most discerning travel professionals and the finest private
          villas, chalets and estates, in a marketplace built on trust, discretion and exceptional service.
        </p>
      </Container>
    </section>
  );
}

const platformFigures = [
  { value: '500+', label: 'Luxury properties' },
  { value: '50+', label: 'Destinations' },
  { value: '24/7', label: 'Concierge support' },
];

/** 'Our Platform'. */
export function OurPlatform() {
  const { data: company } = useCompany();
  const brand = company?.brandName ?? 'Our platform';
  return (
    <section aria-labelledby="platform-title" className="bg-ivory py-24 sm:py-32">
      <Container className="grid gap-14 lg:grid-cols-12 lg:gap-10">
        <SectionIntro
          id="platform-title"
          eyebrow="What we do"
          title="Our Platform"
          className="lg:col-span-5"
        />
        <div className="space-y-6 text-base leading-relaxed text-stone sm:text-lg lg:col-span-7">
          <p>
            {brand} is a business-to-business marketplace for luxury holiday residences. Licensed travel
            agents and tour operators search the portfolio by destination, dates, bedrooms and weekly budget,
            select the homes that suit their clients, and share them through branded collections.
          </p>
          <p>
            Owners and managers reach a network of qualified professionals who book with confidence, while our
            concierge team supports every stay, from the first inquiry to the final morning.
          </p>
          <dl className="grid grid-cols-3 border-y border-line py-6">
            {platformFigures.map((f, i) => (
              <div
                key={f.label}
                className={`flex flex-col ${i > 0 ? 'border-l border-line pl-4 sm:pl-8' : 'pr-4'}`}
              >
                <dt className="order-2 mt-2 text-xs text-stone sm:text-xs sm:font-medium sm:uppercase sm:tracking-[0.16em]">
                  {f.label}
                </dt>
                <dd className="order-1 font-display text-4xl leading-none text-ink sm:text-5xl">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Container>
    </section>
  );
}

const agentBenefits = [
  {
    icon: KeyRound,
    title: 'Exclusive Access',
    text: 'Villas, chalets and private islands reserved for the trade, many never listed publicly.',
  },
  {
    icon: Percent,
    title: 'Professional Commission',
    text: 'Exclusive agent rates, to which you add your own fees and commission for your clients.',
  },
  {
    icon: Headset,
    title: '24/7 Support',
    text: 'Our concierge team is on hand day and night, for you and for your clients during their stay.',
  },
];

/** 'For Travel Professionals' and 'For Property Owners and Managers', side by side on wide screens. */
export function Audiences() {
  return (
    <div className="grid lg:grid-cols-2">
      <AudienceSection
        id="agents-title"
        eyebrow="Agents and tour operators"
        title="For Travel Professionals"
        items={agentBenefits}
        className="bg-paper"
        align="end"
      />
      <AudienceSection
        id="owners-title"
        eyebrow="Owners and managers"
        title="For Property Owners and Managers"
        items={ownerBenefits}
        className="bg-sand/60"
        align="start"
      />
    </div>
  );
}

function AudienceSection({
  id,
  eyebrow,
  title,
  items,
  className,
  align,
}: {
  id: string;
  eyebrow: string;
  title: string;
  items: Array<{ icon: typeof KeyRound; title: string; text: string }>;
  className: string;
  align: 'start' | 'end';
}) {
  return (
    <section aria-labelledby={id} className={`border-t border-line ${className}`}>
      <div
        className={`mx-auto max-w-2xl px-5 py-20 sm:px-12 sm:py-24 lg:max-w-[640px] lg:px-14 ${align === 'end' ? 'lg:mr-0' : 'lg:ml-0'}`}
      >
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={id} className="mt-4 text-4xl leading-[1.05] text-ink sm:text-5xl">
          {title}
        </h2>
        <ul className="mt-12 space-y-10">
          {items.map(({ icon: Icon, title: t, text }) => (
            <li key={t} className="flex gap-5">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-gold/50 text-gold-deep">
                <Icon className="h-5 w-5" strokeWidth={1.5} aria-hidden />
              </span>
              <div>
                <h3 className="text-2xl leading-tight text-ink">{t}</h3>
                <p className="mt-2 leading-relaxed text-stone">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const commitments = [
  {
    icon: ShieldCheck,
    title: 'Verified Properties',
    text: 'Every residence is reviewed before it joins the portfolio, and its rates and availability are kept exact.',
  },
  {
    icon: BadgeCheck,
    title: 'Certified Agents',
    text: 'Every agent account is reviewed and approved by our team before it can see the portfolio.',
  },
  {
    icon: Globe2,
    title: 'Global Reach',
    text: 'More than 50 destinations, from the French Riviera and the Swiss Alps to Tuscany and Santorini.',
  },
  {
    icon: Award,
    title: 'Exceptional Service',
    text: 'A concierge team that answers within 24 hours and supports every stay, 24/7.',
  },
];

/** 'Our Commitment to Excellence'. */
export function Commitment() {
  return (
    <section aria-labelledby="commitment-title" className="border-t border-line bg-ivory py-24 sm:py-32">
      <Container>
        <SectionIntro id="commitment-title" eyebrow="Our standards" title="Our Commitment to Excellence" />
        <ol className="mt-16 grid gap-px border border-line bg-line sm:grid-cols-2 lg:grid-cols-4">
          {commitments.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="flex flex-col bg-ivory p-8">
              <div className="flex items-center justify-between">
                <span className="font-display text-3xl text-gold-deep" aria-hidden>
                  {String(i + 1).padStart(2, '0')}
                </span>
                <Icon className="h-5 w-5 text-gold-deep" strokeWidth={1.5} aria-hidden />
              </div>
              <h3 className="mt-10 text-2xl leading-tight text-ink">{title}</h3>
              <p className="mt-3 leading-relaxed text-stone">{text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

/** The closing block: 'Apply as Travel Professional' and 'List Your Property'. */
export function AboutClosing() {
  return (
    <section aria-labelledby="closing-title" className="bg-sea py-24 text-center sm:py-32">
      <Container className="flex flex-col items-center">
        <p className="eyebrow text-[#d9bf8c]">Partner with us</p>
        <h2 id="closing-title" className="mt-4 max-w-3xl text-4xl leading-[1.05] text-ivory sm:text-6xl">
          Begin the conversation
        </h2>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory/80">
          Travel professionals apply for access in a few minutes. Owners and managers reach our partnerships
          team through the contact form; we reply within 24 hours.
        </p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:gap-4">
          <Button asChild size="lg" className="bg-ivory text-ink hover:bg-white">
            <Link to={paths.register}>Apply as Travel Professional</Link>
          </Button>
          <Button asChild size="lg" variant="light">
            <Link to={listYourPropertyHref}>List Your Property</Link>
          </Button>
        </div>
      </Container>
    </section>
  );
}
