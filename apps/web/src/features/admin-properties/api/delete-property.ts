import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateProperties } from './keys';

export const deleteProperty = (id: number) =>
  api<{ ok: true }>(`/api/properties/${id}`, { method: 'DELETE' });

/** DELETE /api/properties/{id}: images, prices and availability go with it. */
export function useDeleteProperty() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProperty, onSuccess: () => invalidateProperties(qc) });
}
