import type { Hold } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterHoldChange } from './keys';

export const releaseHold = (id: number) => api<Hold>(`/api/holds/${id}/release`, { method: 'POST' });
export const confirmHold = (id: number) => api<Hold>(`/api/holds/${id}/confirm`, { method: 'POST' });

/** POST /api/holds/{id}/release (the agent or an administrator). */
export function useReleaseHold() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseHold, onSettled: () => invalidateAfterHoldChange(qc) });
}

/** POST /api/holds/{id}/confirm (administrators). */
export function useConfirmHold() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmHold, onSettled: () => invalidateAfterHoldChange(qc) });
}
