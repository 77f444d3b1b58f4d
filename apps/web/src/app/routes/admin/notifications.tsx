import { AdminInquiries } from '../../../features/admin-inquiries/components/admin-inquiries';

/** Admin tab: Off-market Inquiries (seed 001 §2). */
export function Component() {
  return <AdminInquiries />;
}
