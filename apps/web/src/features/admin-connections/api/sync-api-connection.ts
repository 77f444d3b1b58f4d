import type { SyncStarted } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiConnectionUrl, invalidateAfterSync } from './keys';

export const syncApiConnection = (id: number) =>
  api<SyncStarted>(`${apiConnectionUrl(id)}/sync`, { method: 'POST' });

/**
 * POST /api/admin/api-connections/{id}/sync: starts a background run and answers its report at once
 * (202). Refused with 409 when the connection is disabled or already syncing.
 */
export function useSyncApiConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: syncApiConnection, onSuccess: () => invalidateAfterSync(qc) });
}
