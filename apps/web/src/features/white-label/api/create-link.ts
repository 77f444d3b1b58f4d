import type { CreateWhiteLabelInput, WhiteLabelLink } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWhiteLabelLists } from './keys';

export const createWhiteLabelLink = (input: CreateWhiteLabelInput) =>
  api<WhiteLabelLink>('/api/white-label', { method: 'POST', body: input });

/** POST /api/white-label in either of its shapes; the link lists refresh afterwards. */
export function useCreateWhiteLabelLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWhiteLabelLink,
    onSuccess: () => invalidateWhiteLabelLists(qc),
  });
}
