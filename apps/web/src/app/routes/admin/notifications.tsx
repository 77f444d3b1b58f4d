import { AdminHolds } from '../../../features/holds/components/hold-list';
import { AdminInquiries } from '../../../features/admin-inquiries/components/admin-inquiries';

/**
 * Admin tab: Off-market Inquiries (Pending and Closed counts, pending ones can be closed),
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
