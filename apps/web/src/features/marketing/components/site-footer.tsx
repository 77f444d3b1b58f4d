import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCompany } from '../../../lib/company';
import { Container } from './layout';
import { FacebookIcon, InstagramIcon, LinkedinIcon } from './social-icons';

/** Footer entries that lead nowhere yet: shown as text, never dead links. */
const columns = [
  {
    title: 'Properties',
    items: ['Luxury Villas', 'Mountain Chalets', 'Beachfront Estates', 'City Penthouses'],
  },
  { title: 'Destinations', items: ['French Riviera', 'Swiss Alps', 'Tuscany', 'Santorini'] },
  { title: 'Company', items: ['Concierge Service', 'Privacy Policy', 'Terms of Service', 'Contact Us'] },
];

const socials = [
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'LinkedIn', Icon: LinkedinIcon },
];

/**
 * The site footer of the landing and about pages: brand, the link to /company-info, the untargeted
 * entries, the legal name and registration number from configuration, and the 2024 copyright.
 */
export function SiteFooter() {
  const { data: company } = useCompany();

  return (
    <footer className="bg-ink text-ivory/75">
      <Container className="py-16 sm:py-20">
        <div className="grid gap-14 lg:grid-cols-12 lg:gap-10">
          <div className="lg:col-span-4">
            <p className="font-display text-3xl text-ivory">{company?.brandName ?? '\u00a0'}</p>
            <p className="mt-4 max-w-xs text-sm leading-relaxed">
              Private villas, chalets and estates for the world&apos;s most discerning travel professionals.
            </p>
            <ul className="mt-8 flex gap-3" aria-label="Social media">
              {socials.map(({ label, Icon }) => (
                <li key={label}>
                  {/* No destination exists yet (seed: 'three social icon buttons with no target'). */}
                  <button
                    type="button"
                    disabled
                    aria-label={label}
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-ivory/25 text-ivory/75"
                  >
                    <Icon />
                  </button>
                </li>
              ))}
            </ul>
          </div>

          <div className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:col-span-8">
            {columns.map((col) => (
              <div
                key={col.title}
                className={col.title === 'Company' ? 'col-span-2 sm:col-span-1' : undefined}
              >
                <h2 className="font-sans text-xs font-medium uppercase tracking-[0.22em] text-[#d9bf8c]">
                  {col.title}
                </h2>
                <ul className="mt-5 space-y-3 text-[15px]">
                  {col.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                  {col.title === 'Company' && (
                    <li>
                      <Link
                        to={paths.companyInfo}
                        className="text-ivory underline decoration-ivory/40 underline-offset-4 hover:decoration-ivory"
                      >
                        Company Information
                      </Link>
                    </li>
                  )}
                </ul>
              </div>
            ))}
          </div>
        </div>

        <div className="mt-16 flex flex-col gap-3 border-t border-ivory/15 pt-8 text-xs leading-relaxed sm:flex-row sm:justify-between">
          {company ? (
            <>
              <p>
                {company.name} · Company number {company.number}
              </p>
              <p>© 2024 {company.name}. All rights reserved.</p>
            </>
          ) : (
            <p>&nbsp;</p>
          )}
        </div>
      </Container>
    </footer>
  );
}
