import { SyncMonitoring } from '../../../features/admin-sync/components/sync-monitoring';

/** Admin tab: Sync Monitoring (seed 001 §2). */
export function Component() {
  return <SyncMonitoring />;
}
