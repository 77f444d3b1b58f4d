import type { Hold, HoldInput } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterHoldChange } from './keys';

export const createHold = (input: HoldInput) => api<Hold>('/api/holds', { method: 'POST', body: input });

/** POST /api/holds, then every list and calendar the held nights show in. */
export function useCreateHold() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createHold, onSuccess: () => invalidateAfterHoldChange(qc) });
}
