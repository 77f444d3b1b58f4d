import { PageHeader } from '../../components/layout/page-header';
import { RequireUser } from '../layout/require-user';

export function Component() {
  return <RequireUser>{() => <PageHeader eyebrow="Portfolio" title="Search Properties" />}</RequireUser>;
}
