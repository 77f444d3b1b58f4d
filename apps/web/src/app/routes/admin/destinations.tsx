import { AdminDestinations } from '../../../features/admin-destinations/components/admin-destinations';

/** Admin tab: Destinations (seed 001 §2: regions with their subregions, added and deleted). */
export function Component() {
  return <AdminDestinations />;
}
