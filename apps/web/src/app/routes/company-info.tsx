import { PageHeader } from '../../components/layout/page-header';
import { CompanyDetails } from '../../features/marketing/components/company-details';

export function Component() {
  return (
    <>
      <title>Company Information</title>
      <PageHeader eyebrow="Legal" title="Company Information" />
      <CompanyDetails />
    </>
  );
}
