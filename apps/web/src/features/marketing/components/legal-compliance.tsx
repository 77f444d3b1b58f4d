import type { CompanyInfo } from '@villas/shared';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useUser } from '../../../lib/auth';
import { useCompany } from '../../../lib/company';
import { Container, SectionIntro } from './layout';

/**
 * 'Legal Compliance' on the about page, for signed-in users only: the privacy policy
 * (default tab) and the agent terms, with the figures (cookie lifetimes, minimum
 * age 18, 30 days' notice, United Kingdom law).
 */
export function LegalCompliance() {
  const { data: user } = useUser();
  const { data: company } = useCompany();
  if (!user) return null;

  return (
    <section aria-labelledby="legal-title" className="border-t border-line bg-paper py-24 sm:py-32">
      <Container className="grid gap-12 lg:grid-cols-12 lg:gap-10">
        <SectionIntro
          id="legal-title"
          eyebrow="For our members"
          title="Legal Compliance"
          className="lg:sticky lg:top-24 lg:col-span-4 lg:self-start"
        >
          <p>How we look after your data, and the terms on which agents use the platform.</p>
        </SectionIntro>

        <Tabs defaultValue="privacy" className="lg:col-span-8">
          <TabsList>
            <TabsTrigger value="privacy">Privacy Policy</TabsTrigger>
            <TabsTrigger value="terms">Terms &amp; Conditions</TabsTrigger>
          </TabsList>
          <TabsContent value="privacy" className="pt-10 outline-none">
            <PrivacyPolicy company={company} />
          </TabsContent>
          <TabsContent value="terms" className="pt-10 outline-none">
            <AgentTerms company={company} />
          </TabsContent>
        </Tabs>
      </Container>
    </section>
  );
}

function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-line py-6 first:border-t-0 first:pt-0">
      <h4 className="font-sans text-xs font-medium uppercase tracking-[0.16em] text-ink">{title}</h4>
      <div className="mt-3 space-y-3 leading-relaxed text-stone">{children}</div>
    </div>
  );
}

function DocumentTitle({ children }: { children: ReactNode }) {
  return <h3 className="mb-8 text-3xl leading-tight text-ink sm:text-4xl">{children}</h3>;
}

function PrivacyPolicy({ company }: { company: CompanyInfo | undefined }) {
  const operator = company
    ? `${company.name}, a ${company.type.charAt(0).toLowerCase()}${company.type.slice(1)} (company number ${company.number}), whose registered office is at ${company.address}`
    : 'the company named on our Company Information page';
  return (
    <article className="max-w-3xl">
      <DocumentTitle>Privacy Policy</DocumentTitle>
      <Clause title="Who we are">
        <p>
          {company?.brandName ?? 'This platform'} is operated by {operator}.
        </p>
      </Clause>
      <Clause title="What personal data we collect">
        <p>
          When you apply for an agent account we collect your name, business e-mail address, company, licence
          number and telephone number. When you or your clients send an inquiry or a booking request we
          collect the contact details and the message provided.
        </p>
      </Clause>
      <Clause title="How we use it">
        <p>
          To review applications, give approved agents access to the portfolio, answer inquiries and arrange
          bookings with owners and managers. We do not sell personal data.
        </p>
      </Clause>
      <Clause title="Cookies">
        <p>
          Comment and preference cookies last for one year. When you sign in we set login cookies, which last
          for two days; if you select &lsquo;Remember Me&rsquo;, your login persists for two weeks. Signing
          out removes the login cookies.
        </p>
      </Clause>
      <Clause title="Who can see your data">
        <p>
          Administrators can see and edit the personal information in user profiles. Inquiry details are
          shared with a property&apos;s owner or manager only as far as needed to handle the booking.
        </p>
      </Clause>
      <Clause title="How long we keep it">
        <p>
          Account data is kept while your account is active. Inquiries are kept as long as needed to handle
          them and to meet our legal obligations.
        </p>
      </Clause>
      <Clause title="Your rights">
        <p>
          You may ask for a copy of the personal data we hold about you, or ask us to correct or erase it, by
          writing to{' '}
          {company ? (
            <a
              href={`mailto:${company.email}`}
              className="text-ink underline decoration-line underline-offset-4 hover:decoration-ink"
            >
              {company.email}
            </a>
          ) : (
            'our concierge team'
          )}
          .
        </p>
      </Clause>
    </article>
  );
}

function AgentTerms({ company }: { company: CompanyInfo | undefined }) {
  const us = company?.name ?? 'the company';
  return (
    <article className="max-w-3xl">
      <DocumentTitle>Agent Terms</DocumentTitle>
      <Clause title="Eligibility">
        <p>
          To hold an agent account you must be at least 18 years old or a registered business, and give
          accurate details of your agency. Accounts are approved by {us} before first use.
        </p>
      </Clause>
      <Clause title="Rates and commission">
        <p>
          Rates shown on the platform are the rates supplied to agents. Agents add their own fees and
          commissions to the supplied rates when quoting their clients.
        </p>
      </Clause>
      <Clause title="Your account">
        <p>
          You are responsible for keeping your sign-in details confidential and for all activity on your
          account, including the collections you share with clients.
        </p>
      </Clause>
      <Clause title="Changes to these terms">
        <p>We will give you 30 days&apos; notice of any change to these terms.</p>
      </Clause>
      <Clause title="Termination">
        <p>Either party may end this agreement by giving 30 days&apos; notice.</p>
      </Clause>
      <Clause title="Governing law">
        <p>
          These terms are governed by the law of the United Kingdom, and disputes are subject to the courts of
          England and Wales.
        </p>
      </Clause>
    </article>
  );
}
