import type { HoldReleaseInput, HoldReleaseResult } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterHoldChange } from './keys';

export const releaseHolds = (ids: number[]) =>
  api<HoldReleaseResult>('/api/admin/holds/release', {
    method: 'POST',
    body: { ids } satisfies HoldReleaseInput,
  });

/** POST /api/admin/holds/release (administrators): several holds at once. */
export function useReleaseHolds() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: releaseHolds, onSettled: () => invalidateAfterHoldChange(qc) });
}
