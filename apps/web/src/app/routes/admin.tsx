import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { PageHeader } from '../../components/layout/page-header';
import { RequireAdmin } from '../layout/require-user';

export function Component() {
  return (
    <RequireAdmin>
      {() => (
        <PageHeader eyebrow="Administration" title="Admin Panel">
          <div className="mt-4 flex items-center gap-4">
            <Badge tone="gold">Administrator</Badge>
            <Link to="/dashboard" className="text-sm text-stone underline-offset-4 hover:underline">
              Back to Dashboard
            </Link>
          </div>
        </PageHeader>
      )}
    </RequireAdmin>
  );
}
