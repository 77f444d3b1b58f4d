import { AdminDestinations } from '../../../features/admin-destinations/components/admin-destinations';

/** Admin tab: Destinations (seed 001 §2). */
export function Component() {
  return <AdminDestinations />;
}
