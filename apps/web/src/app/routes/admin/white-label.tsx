import { AdminLinks } from '../../../features/admin-links/components/admin-links';

/** Admin tab: White-label Links (every agent's links, with Details and Visit). */
export function Component() {
  return <AdminLinks />;
}
