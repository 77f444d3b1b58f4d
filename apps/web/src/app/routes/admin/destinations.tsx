import { AdminDestinations } from '../../../features/admin-destinations/components/admin-destinations';

/** Admin tab: Destinations (regions with their subregions, added and deleted). */
export function Component() {
  return <AdminDestinations />;
}
