import { AdminConnections } from '../../../features/admin-connections/components/admin-connections';

/** Admin tab: API Connections (seed 001 §2: the booking-platform connections and 'Test Invenio API'). */
export function Component() {
  return <AdminConnections />;
}
