import { PageHeader } from '../../components/layout/page-header';

export function Component() {
  return <PageHeader eyebrow="Legal" title="Company Information" />;
}
