import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWhiteLabelLists } from './keys';

export const deleteWhiteLabelLink = (id: number) =>
  api<unknown>(`/api/white-label/${id}`, { method: 'DELETE' });

export function useDeleteWhiteLabelLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWhiteLabelLink,
    onSuccess: () => invalidateWhiteLabelLists(qc),
  });
}
