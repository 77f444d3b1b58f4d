import { PageHeader } from '../../components/layout/page-header';

export function Component() {
  return <PageHeader eyebrow="About" title="Connecting Excellence" />;
}
