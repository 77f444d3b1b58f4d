import type { InquiryType } from '@villas/shared';
import { Clock, Mail, Phone } from 'lucide-react';
import { useCompany } from '../../../lib/company';
import { DeferredContactForm } from './deferred-contact-form';

/** The landing page's contact section, anchored 'contact'. */
export function ContactSection({ initialType }: { initialType?: InquiryType }) {
  const { data: company } = useCompany();

  return (
    <section
      id="contact"
      tabIndex={-1}
      aria-labelledby="contact-title"
      className="scroll-mt-18 bg-ivory py-24 outline-none sm:py-32"
    >
      <div className="mx-auto grid w-full max-w-7xl gap-14 px-5 sm:px-8 lg:grid-cols-12 lg:gap-10">
        <div className="lg:col-span-5">
          <p className="eyebrow">Request access</p>
          <h2 id="contact-title" className="mt-4 text-4xl leading-[1.05] text-ink sm:text-5xl lg:text-[56px]">
            Contact our concierge
          </h2>
          <p className="mt-6 max-w-md text-base leading-relaxed text-stone sm:text-lg">
            Whether you are a travel professional seeking access to the portfolio or an owner considering
            representation, tell us a little about yourself. Our concierge team replies within 24 hours.
          </p>
          <ul className="mt-10 space-y-4 text-[15px] text-ink">
            {company && (
              <>
                <li className="flex items-center gap-4">
                  <Mail className="h-4 w-4 text-gold-deep" aria-hidden />
                  <a
                    href={`mailto:${company.email}`}
                    className="underline decoration-line underline-offset-4 hover:decoration-ink"
                  >
                    {company.email}
                  </a>
                </li>
                <li className="flex items-center gap-4">
                  <Phone className="h-4 w-4 text-gold-deep" aria-hidden />
                  <a
                    href={`tel:${company.phone.replace(/\s+/g, '')}`}
                    className="underline decoration-line underline-offset-4 hover:decoration-ink"
                  >
                    {company.phone}
                  </a>
                </li>
              </>
            )}
            <li className="flex items-center gap-4">
              <Clock className="h-4 w-4 text-gold-deep" aria-hidden />
              Concierge available 24/7
            </li>
          </ul>
        </div>

        <div className="rounded-[3px] border border-line bg-paper p-6 shadow-soft sm:p-10 lg:col-span-7">
          <DeferredContactForm initialType={initialType} />
        </div>
      </div>
    </section>
  );
}
