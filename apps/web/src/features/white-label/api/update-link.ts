import type { UpdateWhiteLabelInput, WhiteLabelLink } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWhiteLabelLists } from './keys';

export const updateWhiteLabelLink = ({ id, ...input }: UpdateWhiteLabelInput & { id: number }) =>
  api<WhiteLabelLink>(`/api/white-label/${id}`, { method: 'PATCH', body: input });

/** PATCH /api/white-label/{id}: the link's fields and price; the link lists refresh afterwards. */
export function useUpdateWhiteLabelLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateWhiteLabelLink,
    onSuccess: () => invalidateWhiteLabelLists(qc),
  });
}
