import { AdminUsers } from '../../../features/admin-users/components/admin-users';

/** Admin tab: Users (seed 001 §2). */
export function Component() {
  return <AdminUsers />;
}
