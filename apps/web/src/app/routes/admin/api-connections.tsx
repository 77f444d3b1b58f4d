import { AdminConnections } from '../../../features/admin-connections/components/admin-connections';

/** Admin tab: API Connections (the booking-platform connections and 'Test Invenio API'). */
export function Component() {
  return <AdminConnections />;
}
