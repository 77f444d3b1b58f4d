import { AdminUsers } from '../../../features/admin-users/components/admin-users';

/** Admin tab: Users (active accounts and pending applications; edit, approve, delete). */
export function Component() {
  return <AdminUsers />;
}
