import { PageHeader } from '../../components/layout/page-header';
import { CompanyDetails } from '../../features/marketing/components/company-details';
import { SiteFooter } from '../../features/marketing/components/site-footer';

/** /company-info (seed 000 §2): the registered details, then the site footer like every public page. */
export function Component() {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Company Information" />
      <CompanyDetails />
      <SiteFooter />
    </>
  );
}
