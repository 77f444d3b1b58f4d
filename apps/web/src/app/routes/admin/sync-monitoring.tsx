import { SyncMonitoring } from '../../../features/admin-sync/components/sync-monitoring';

/** Admin tab: Sync Monitoring (recent sync jobs, a detail panel and live statistics). */
export function Component() {
  return <SyncMonitoring />;
}
