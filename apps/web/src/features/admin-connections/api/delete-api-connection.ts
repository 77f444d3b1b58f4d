import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiConnectionUrl, invalidateConnections } from './keys';

export const deleteApiConnection = (id: number) =>
  api<{ ok: true }>(apiConnectionUrl(id), { method: 'DELETE' });

/** DELETE /api/admin/api-connections/{id}: the properties it brought in stay. */
export function useDeleteApiConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteApiConnection, onSuccess: () => invalidateConnections(qc) });
}
