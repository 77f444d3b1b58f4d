import { AdminHolds } from '../../../features/holds/components/hold-list';
import { AdminInquiries } from '../../../features/admin-inquiries/components/admin-inquiries';

/**
 * Admin tab: the inquiries inbox (every request, filtered on the server; statuses change here),
 * with the agents' active holds above.
 */
export function Component() {
  return (
    <div className="space-y-14">
      <AdminHolds />
      <AdminInquiries />
    </div>
  );
}
