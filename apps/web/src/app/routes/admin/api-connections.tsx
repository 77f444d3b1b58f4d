import { AdminConnections } from '../../../features/admin-connections/components/admin-connections';

/** Admin tab: API Connections (seed 001 §2). */
export function Component() {
  return <AdminConnections />;
}
