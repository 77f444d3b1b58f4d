import type { SyncStarted } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSync } from './keys';

export const triggerComprehensiveSync = () =>
  api<SyncStarted>('/api/admin/trigger-comprehensive-sync', { method: 'POST' });

/**
 * POST /api/admin/trigger-comprehensive-sync (202 with the report to watch). Whether it started or
 * was refused (409: one is already running), the reports and statistics are refetched so the
 * running report shows.
 */
export function useTriggerComprehensiveSync() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: triggerComprehensiveSync, onSettled: () => invalidateSync(qc) });
}
