import { PageHeader } from '../../components/layout/page-header';
import { CompanyDetails } from '../../features/marketing/components/company-details';
import { SiteFooter } from '../../features/marketing/components/site-footer';
import { usePreloadFonts } from '../../lib/fonts';

/** /company-info: the registered details, then the site footer like every public page. */
export function Component() {
  usePreloadFonts('display500');
  return (
    <>
      <PageHeader eyebrow="Legal" title="Company Information" />
      <CompanyDetails />
      <SiteFooter />
    </>
  );
}
