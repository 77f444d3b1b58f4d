import { AdminHolds } from '../../../features/holds/components/hold-list';
import { AdminInquiries } from '../../../features/admin-inquiries/components/admin-inquiries';

/**
 * Admin tab: Off-market Inquiries (seed 001 §2: Pending and Closed counts, pending ones can be closed),
 * with the agents' active holds above (issue 13).
 */
export function Component() {
  return (
    <div className="space-y-14">
      <AdminHolds />
      <AdminInquiries />
    </div>
  );
}
