import { SyncMonitoring } from '../../../features/admin-sync/components/sync-monitoring';

/** Admin tab: Sync Monitoring (seed 001 §2: recent sync jobs, a detail panel and live statistics). */
export function Component() {
  return <SyncMonitoring />;
}
