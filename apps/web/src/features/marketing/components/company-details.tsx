import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { couldNotLoad, RetryButton } from '../../../components/ui/query-state';
import { PageLoading } from '../../../components/ui/spinner';
import { useCompany } from '../../../lib/company';

/**
 * The company information page's body: every detail comes from /api/company, i.e.
 * the server's configuration.
 */
export function CompanyDetails() {
  const { data: company, isPending, isError, refetch, isRefetching } = useCompany();

  if (isPending) return <PageLoading label="Loading company information" />;
  if (isError || !company) {
    return (
      <div className="mx-auto max-w-xl px-5 py-24 text-center sm:px-8">
        <p role="alert" className="text-lg text-ink">
          {couldNotLoad('The company information')}
        </p>
        <p className="mt-2 text-stone">Please check your connection and try again.</p>
        <RetryButton
          className="mt-8"
          size="md"
          onRetry={refetch}
          retrying={isRefetching}
          retryingLabel="Retrying..."
        />
      </div>
    );
  }

  const rows: Array<[string, string]> = [
    ['Company name', company.name],
    ['Company number', company.number],
    ['Company type', company.type],
    ['Incorporated on', company.incorporated],
    ['Registered office address', company.address],
    ['Company status', company.status],
    ['Nature of business (SIC)', company.nature],
    ['Accounts next due', company.accountsDue],
    ['Confirmation statement next due', company.confirmationDue],
  ];

  return (
    <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 sm:py-20 lg:grid-cols-12 lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:gap-y-10">
      <div className="lg:col-span-4">
        <h2 className="text-3xl leading-tight text-ink sm:text-4xl">{company.name}</h2>
        <p className="mt-4 leading-relaxed text-stone">
          {company.brandName} is a trading name of {company.name}. The details below are those held on the
          official register of companies.
        </p>
      </div>

      <dl className="border-t border-line lg:col-span-8 lg:col-start-5 lg:row-span-2 lg:row-start-1">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 border-b border-line py-5 sm:grid-cols-[240px_1fr] sm:gap-8">
            <dt className="text-xs font-medium uppercase tracking-[0.14em] text-stone sm:pt-1">{label}</dt>
            <dd className="text-lg text-ink">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="lg:col-span-4">
        <Button
          asChild
          variant="outline"
          className="px-5 text-xs tracking-[0.1em] sm:px-6 sm:text-sm sm:tracking-[0.14em]"
        >
          <a href={company.registerUrl} target="_blank" rel="noopener noreferrer">
            View on the official register
            <ExternalLink className="h-4 w-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <div className="mt-12 border-t border-line pt-8">
          <h3 className="font-sans text-xs font-medium uppercase tracking-[0.16em] text-ink">Contact</h3>
          <ul className="mt-4 space-y-2 text-[15px] text-ink">
            <li>
              <a
                href={`mailto:${company.email}`}
                className="underline decoration-line underline-offset-4 hover:decoration-ink"
              >
                {company.email}
              </a>
            </li>
            <li>
              <a
                href={`tel:${company.phone.replace(/\s+/g, '')}`}
                className="underline decoration-line underline-offset-4 hover:decoration-ink"
              >
                {company.phone}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
