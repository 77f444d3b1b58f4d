import { PageHeader } from '../../components/layout/page-header';

export function Component() {
  return <PageHeader eyebrow="Private villas and chalets" title="Extraordinary Luxury" />;
}
